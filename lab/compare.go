package lab

import (
	"context"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// Comparing two runs: every figure of run B minus the same of run A,
// with a 95% interval of the difference. The two runs are independent
// batches (or, with the same seed, positively correlated ones, for which
// the interval is conservative), so each difference's interval is
// recovered from the two runs' own 95% intervals (MOVER: Zou and Donner,
// "Construction of confidence limits about effect measures", 2008). For
// two Wilson intervals that is Newcombe's hybrid score interval; it keeps
// each run's method, so a mirrored run's by-deal interval or a precise
// run's confidence sequence carries into the difference.

// MethodMOVER names the difference's interval.
const MethodMOVER = "mover-independent"

// minCardSeatGames is how many seat-games with a card each run needs
// before its figures are compared (as the reports show them).
const minCardSeatGames = 30

// Difference is one figure of two runs and B minus A.
type Difference struct {
	// Figure is the kind: first, seat, entrant, draw, cap, reason,
	// turns, card_win, card_play, card_opening, aside or measure; Name says
	// which seat, entrant, reason, card, deck and cards set aside, or
	// measure.
	Figure string       `json:"figure"`
	Name   string       `json:"name,omitempty"`
	A      sim.Interval `json:"a"`
	B      sim.Interval `json:"b"`
	Diff   float64      `json:"diff"`
	Low    float64      `json:"low"`
	High   float64      `json:"high"`
	// Label is, for a way of ending (reason), the game's words for it
	// in the reader's language; Name stays its id.
	Label string `json:"label,omitempty"`
	// Interval is false for a figure whose runs carry no interval (the
	// game's own measures): Low and High are then 0.
	Interval bool `json:"interval"`
	// Significant: the interval excludes 0.
	Significant bool `json:"significant"`
	// Discovery: among a comparison's many figures (minChanceNote or
	// more with intervals), the difference stays significant when all of
	// them are allowed for (sim.Discoveries: Benjamini and Hochberg's
	// procedure, at most about 5% of such figures expected to be chance).
	Discovery bool   `json:"discovery,omitempty"`
	Method    string `json:"method,omitempty"`
}

// Comparison is two runs side by side.
type Comparison struct {
	A           Run          `json:"a"`
	B           Run          `json:"b"`
	Differences []Difference `json:"differences"`
	// Unshown are the cards either run edited that have no row, as
	// either run played them too seldom to compare; Notes say so, one a
	// card, in the reader's language.
	Unshown []UnshownCard `json:"unshown,omitempty"`
	Notes   []string      `json:"notes,omitempty"`
	// Paired says that the runs played the same deals and their first
	// player, seats, entrants, draws, turn cap, ways of ending and length
	// are compared game by game (pairedWith).
	Paired bool `json:"paired,omitempty"`
}

// UnshownCard is an edited card without a row in a comparison: in how
// many seat-games each run played it (the most with one deck), and how
// many each run needs.
type UnshownCard struct {
	Name    string `json:"name"`
	PlayedA int    `json:"played_a"`
	PlayedB int    `json:"played_b"`
	Needs   int    `json:"needs"`
}

// mover is B minus A with the interval of the difference.
func mover(figure, name string, a, b sim.Interval) Difference {
	d := Difference{Figure: figure, Name: name, A: a, B: b, Diff: b.Rate - a.Rate, Interval: true, Method: MethodMOVER}
	d.Low = d.Diff - math.Hypot(b.Rate-b.Low, a.High-a.Rate)
	d.High = d.Diff + math.Hypot(b.High-b.Rate, a.Rate-a.Low)
	d.Significant = d.Low > 0 || d.High < 0
	return d
}

// compareReports lists every figure the two reports share.
func compareReports(a, b *sim.Report) []Difference {
	out := []Difference{mover("first", "", a.FirstPlayer, b.FirstPlayer)}
	if a.Seats == b.Seats {
		for s := range a.WinRate {
			out = append(out, mover("seat", "p"+strconv.Itoa(s+1), a.WinRate[s], b.WinRate[s]))
		}
	}
	// Unmirrored, entrant i sits in seat i: its rows would repeat the
	// seats'.
	if (a.Mirror || b.Mirror) && len(a.EntrantRates) == len(b.EntrantRates) {
		for i := range a.EntrantRates {
			out = append(out, mover("entrant", entrantName(b, i), a.EntrantRates[i].WinRate, b.EntrantRates[i].WinRate))
		}
	}
	out = append(out, mover("draw", "", a.DrawRate, b.DrawRate), mover("cap", "", a.CapRate, b.CapRate))
	out = append(out, reasons(a, b)...)
	out = append(out, mover("turns", "", sim.MeanTurnsOf(a), sim.MeanTurnsOf(b)))
	out = append(out, cards(a, b)...)
	out = append(out, asides(a, b)...)
	return append(out, measures(a, b)...)
}

// reasons compares how often each way of ending happened; a way one run
// never saw counts 0 there.
func reasons(a, b *sim.Report) []Difference {
	var names []string
	for _, r := range [][]sim.Share{a.EndReasons, b.EndReasons} {
		for _, s := range r {
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	slices.Sort(names)
	var out []Difference
	for _, n := range names {
		out = append(out, mover("reason", n, share(a, n), share(b, n)))
	}
	return out
}

func share(r *sim.Report, name string) sim.Interval {
	for _, s := range r.EndReasons {
		if s.Name == name {
			return s.Interval
		}
	}
	return sim.Wilson(0, float64(r.Games-r.Errors))
}

// cards compares each card both runs played often enough: its player's
// win rate when it was played, and how often it was played; and each card
// both rank by the opening hand, beside its other rows.
func cards(a, b *sim.Report) []Difference {
	before := map[string]sim.CardStat{}
	for _, c := range a.CardStats {
		before[c.Label()] = c
	}
	opening := openings(a, b)
	var out []Difference
	for _, c := range b.CardStats {
		was, ok := before[c.Label()]
		if !ok || c.Pooled || was.Played < minCardSeatGames || c.Played < minCardSeatGames {
			continue
		}
		out = append(out, mover("card_win", c.Label(), was.WhenPlayed, c.WhenPlayed),
			mover("card_play", c.Label(), playRate(was), playRate(c)))
		if d, ok := opening[c.Label()]; ok {
			out = append(out, d)
			delete(opening, c.Label())
		}
	}
	for _, label := range slices.Sorted(maps.Keys(opening)) {
		out = append(out, opening[label])
	}
	return out
}

// asides compares each deck's win rate by the cards set aside before the
// deal (Athernum's start card) that both runs saw in enough seat-games:
// a designer who re-costs a start card sees what starting with it is now
// worth.
func asides(a, b *sim.Report) []Difference {
	before := map[string]sim.AsideRate{}
	for _, r := range a.AsideRates {
		before[r.Label()] = r
	}
	var out []Difference
	for _, r := range b.AsideRates {
		was, ok := before[r.Label()]
		if ok && was.SeatGames >= minCardSeatGames && r.SeatGames >= minCardSeatGames {
			out = append(out, mover("aside", r.Label(), was.Win, r.Win))
		}
	}
	return out
}

// openings compares, by label, each card both runs rank by its opening
// hand (see sim.Report.OpeningRanking) within a deck: its impact there,
// the figure least biased by how the game went, so that a designer who
// changes a card sees what holding it from the start is now worth.
func openings(a, b *sim.Report) map[string]Difference {
	before := map[string]sim.CardStat{}
	for _, c := range a.OpeningRanking {
		before[c.Label()] = c
	}
	out := map[string]Difference{}
	for _, c := range b.OpeningRanking {
		if was, ok := before[c.Label()]; ok && !c.Pooled {
			out[c.Label()] = mover("card_opening", c.Label(), openingImpact(was), openingImpact(c))
		}
	}
	return out
}

// openingImpact is a card's impact in the opening hand as an interval.
func openingImpact(c sim.CardStat) sim.Interval {
	return sim.Interval{Rate: c.DrawImpact, Low: c.DrawLow, High: c.DrawHigh, Method: c.DrawMethod, N: float64(c.Drawn + c.NotDrawn)}
}

// playRate is how often the card was played, with its interval; over
// seat-games for a report stored before it carried one.
func playRate(c sim.CardStat) sim.Interval {
	if c.PlayShare.Method != "" {
		return c.PlayShare
	}
	return sim.Wilson(float64(c.Played), float64(c.Played+c.NotPlayed))
}

// measures compares the game's own figures by their means.
func measures(a, b *sim.Report) []Difference {
	var out []Difference
	for _, mb := range b.MeasureStats {
		for _, ma := range a.MeasureStats {
			switch {
			case ma.Name != mb.Name:
			case ma.MeanInterval.Method != "" && mb.MeanInterval.Method != "":
				out = append(out, mover("measure", mb.Name, ma.MeanInterval, mb.MeanInterval))
			default: // a run stored before its figures had intervals
				out = append(out, Difference{Figure: "measure", Name: mb.Name, A: sim.Interval{Rate: ma.Mean},
					B: sim.Interval{Rate: mb.Mean}, Diff: mb.Mean - ma.Mean})
			}
		}
	}
	return out
}

// entrantName names an entrant by its number, agent and deck: two
// entrants may play the same agent and deck.
func entrantName(r *sim.Report, i int) string {
	e := r.EntrantRates[i]
	name := strconv.Itoa(i+1) + " (" + e.Agent
	if e.Deck != "" {
		name += ", " + e.Deck
	}
	return name + ")"
}

// Compare sets two of owner's finished runs of one game side by side.
func (l *Lab) Compare(ctx context.Context, owner, idA, idB string) (Comparison, error) {
	a, err := l.Get(ctx, owner, idA)
	if err != nil {
		return Comparison{}, err
	}
	b, err := l.Get(ctx, owner, idB)
	if err != nil {
		return Comparison{}, err
	}
	switch {
	case a.Sweep != nil || b.Sweep != nil:
		return Comparison{}, badInput("lab.err_compare_sweep")
	case a.Spec.Tune != nil || b.Spec.Tune != nil:
		return Comparison{}, badInput("lab.err_compare_tune")
	case a.Report == nil || b.Report == nil:
		return Comparison{}, refuse(http.StatusConflict, "lab.err_compare_unfinished")
	case a.Spec.Game != b.Spec.Game:
		return Comparison{}, badInput("lab.err_compare_games")
	}
	c := Comparison{A: a, B: b, Differences: compareReports(a.Report, b.Report)}
	c.Paired = pairedWith(a, b, c.Differences)
	markDiscoveries(c.Differences)
	c.Unshown = unshown(l.editedNames(a, b), a.Report, b.Report, c.Differences)
	c.A.Report, c.B.Report, c.A.Outcomes, c.B.Outcomes = nil, nil, nil, nil
	return c, nil
}

// pairedWith compares two runs that played the same deals game by game,
// where it can, replacing in diffs the rows of the first player, the
// seats, the entrants, draws, the turn cap, the ways of ending and
// length. Runs of one seed deal game k alike, so a change of one card
// leaves most games as they were, and the difference game by game is far
// more precise than one of the two runs' own intervals: a designer who
// repeats a run with a card changed sees what the change did. Runs of
// the same seed, size, seats and mirroring whose games were kept
// (maxPairedGames) pair; it says whether they did. Runs played until
// precise pair too: their stop depends on the number of deals alone, not
// on what the games showed (sim.UntilPrecisePacked), so two of one seed
// and target play the same games, and a comparison game by game keeps
// its coverage.
func pairedWith(a, b Run, diffs []Difference) bool {
	ra, rb := a.Report, b.Report
	if a.Spec.Seed == 0 || a.Spec.Seed != b.Spec.Seed ||
		len(a.Outcomes) == 0 || len(b.Outcomes) == 0 || ra.Games != rb.Games || ra.Seats != rb.Seats || ra.Mirror != rb.Mirror {
		return false
	}
	d, err := sim.DiffPacked(ra.Seats, ra.Mirror, a.Outcomes, b.Outcomes)
	if err != nil {
		return false
	}
	entrant := 0 // the entrants' rows are in their order
	for i := range diffs {
		p := &diffs[i]
		var paired sim.Diff
		switch p.Figure {
		case "first":
			paired = d.First
		case "entrant":
			if entrant >= len(d.Entrants) {
				continue
			}
			paired = d.Entrants[entrant]
			entrant++
		case "seat":
			s, err := strconv.Atoi(strings.TrimPrefix(p.Name, "p"))
			if err != nil || s < 1 || s > len(d.Seats) {
				continue
			}
			paired = d.Seats[s-1]
		case "draw":
			paired = d.Draw
		case "cap":
			paired = d.Cap
		case "turns":
			paired = d.Turns
		case "reason":
			r, ok := d.Reasons[p.Name]
			if !ok {
				continue
			}
			paired = r
		default:
			continue
		}
		p.Diff, p.Low, p.High, p.Method = paired.Diff, paired.Low, paired.High, paired.Method
		p.Significant = p.Low > 0 || p.High < 0
	}
	return true
}

// editedNames are the cards that run a's or run b's edited card file
// changes or adds, in the order the runs name them.
func (l *Lab) editedNames(runs ...Run) []string {
	var out []string
	for _, r := range runs {
		base, ok := l.games[r.Spec.Game]
		if !ok || r.Spec.Cards == "" {
			continue
		}
		g, err := l.withCards(base, r.Spec.CardFile, r.Spec.Cards)
		if err != nil {
			continue
		}
		for _, e := range editedCards(base, g, i18n.EN) {
			if !e.Removed && !slices.Contains(out, e.Name) {
				out = append(out, e.Name)
			}
		}
	}
	return out
}

// unshown lists the cards of names that have no row among diffs, with
// the seat-games each report played them in (the most with one deck).
func unshown(names []string, a, b *sim.Report, diffs []Difference) []UnshownCard {
	var out []UnshownCard
	for _, n := range names {
		if slices.ContainsFunc(diffs, func(d Difference) bool {
			return d.Figure == "card_win" && (d.Name == n || strings.HasPrefix(d.Name, n+" ("))
		}) {
			continue
		}
		out = append(out, UnshownCard{Name: n, PlayedA: mostPlayed(a, n), PlayedB: mostPlayed(b, n), Needs: minCardSeatGames})
	}
	return out
}

// mostPlayed is the most seat-games in which r's one deck played card.
func mostPlayed(r *sim.Report, card string) int {
	most := 0
	for _, c := range r.CardStats {
		if c.Name == card && !c.Pooled {
			most = max(most, c.Played)
		}
	}
	return most
}

// notesIn says in language l why each unshown card has no row.
func notesIn(cards []UnshownCard, l i18n.Lang) []string {
	var out []string
	for _, c := range cards {
		out = append(out, words.T(l, "lab.compare_unshown", i18n.Say(l, []any{"card", c.Name, "a", c.PlayedA, "b", c.PlayedB, "min", c.Needs})...))
	}
	return out
}

// minChanceNote is how many figures with an interval a comparison has
// before it says how many would differ by chance alone: among a few, a
// significant one is worth a look anyway.
const minChanceNote = 20

// markDiscoveries sets Discovery on the figures with intervals that
// stay significant when all of them are allowed for, where there are
// many (minChanceNote): a comparison of two runs of 80 cards has some 250
// figures, and about twelve of them would differ significantly if
// nothing had changed.
func markDiscoveries(diffs []Difference) {
	var ps []float64
	var rows []int
	for i, d := range diffs {
		if d.Interval {
			ps = append(ps, sim.IntervalPValue(d.Diff, d.Low, d.High))
			rows = append(rows, i)
		}
	}
	if len(rows) < minChanceNote {
		return
	}
	for k, kept := range sim.Discoveries(ps, sim.FalseDiscoveryRate) {
		diffs[rows[k]].Discovery = kept
	}
}

// chanceNote says how many of the comparison's figures differ
// significantly, how many would by chance alone, and how many stay
// significant when all are allowed for (markDiscoveries), where there
// are many.
func chanceNote(diffs []Difference, l i18n.Lang) (string, bool) {
	n, significant, kept := 0, 0, 0
	for _, d := range diffs {
		if d.Interval {
			n++
			if d.Significant {
				significant++
			}
			if d.Discovery {
				kept++
			}
		}
	}
	if n < minChanceNote {
		return "", false
	}
	chance := int(math.Round(0.05 * float64(n)))
	return words.T(l, "lab.compare_chance", i18n.Counts([]any{"significant", significant, "n", n, "chance", chance, "kept", kept})...), true
}

// nameGameWords puts the game's words into the comparison's rows of the
// game's own: each way of ending as the table's result shows it (the
// catalogue's reason.<id>), each figure the game measures as its reports
// name it (figure.<name>); a name the game has no words for stays as it
// is.
func nameGameWords(g engine.Game, diffs []Difference, lang i18n.Lang) {
	sp, ok := g.(engine.Speaker)
	if !ok {
		return
	}
	cat := sp.Catalog()
	reasons := cat.Words(lang, "reason.")
	for i, d := range diffs {
		switch {
		case d.Figure == "reason":
			diffs[i].Label = reasons[d.Name]
		case d.Figure == "measure" && cat.Has("figure."+d.Name):
			diffs[i].Label = cat.T(lang, "figure."+d.Name)
		}
	}
}
