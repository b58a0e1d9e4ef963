package sim

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// A sweep plays one batch per setting of a card's fields (cost 2, 3, 4
// ...) with the same seed, so that every setting meets the same deals
// and differences between them are the fields' doing, and charts a
// figure against the values.

// Figure is what a sweep measures in each batch.
type Figure struct {
	Name string
	// Rate tells a proportion (charted from 0 to 1) from a mean.
	Rate bool
	Of   func(*Report) (Interval, error)
	// Deck is the deck whose win rate the figure is, if it is one.
	Deck string
	// Start is the card whose win rate as start card the figure is, if
	// it is one: the win rate of the seats that set it aside before the
	// deal (engine.AsideHolder, Athernum's start card).
	Start string
}

// The figures' names as reports store them, which FigureIn puts into
// the reader's language.
const (
	figureFirst       = "first player's win rate"
	figureLength      = "mean game length (turns)"
	figureDeckSuffix  = "'s win rate"
	figureStartSuffix = " as start card: win rate"
)

// ParseFigure reads a figure's name: "first" (the first player's win
// rate), "length" (mean turns), "deck:NAME" (the win rate of the entrant
// playing deck NAME) or "start:CARD" (the win rate of the seats that
// picked CARD as their start card).
func ParseFigure(s string) (Figure, error) {
	switch name, arg, _ := strings.Cut(s, ":"); {
	case s == "first":
		return Figure{Name: figureFirst, Rate: true, Of: func(r *Report) (Interval, error) { return r.FirstPlayer, nil }}, nil
	case s == "length":
		return Figure{Name: figureLength, Of: meanTurns}, nil
	case name == "deck" && arg != "":
		return Figure{Name: arg + figureDeckSuffix, Rate: true, Deck: arg, Of: func(r *Report) (Interval, error) { return deckRate(r, arg) }}, nil
	case name == "start" && arg != "":
		return Figure{Name: arg + figureStartSuffix, Rate: true, Start: arg, Of: func(r *Report) (Interval, error) { return startRate(r, arg) }}, nil
	}
	return Figure{}, fmt.Errorf("figure %q: use first (the first player's win rate), length (mean turns), deck:NAME (a deck's win rate) or start:CARD (the win rate of the seats that picked the card to start)", s)
}

// StartsIn checks, before any game, that a start card's figure names a
// card of g and that g's players set a card aside before the deal (a
// state of setup tells), and names the figure as the card is named; any
// other figure it returns as it is.
func StartsIn(g engine.Game, setup engine.Setup, fig Figure) (Figure, error) {
	if fig.Start == "" {
		return fig, nil
	}
	picks, err := PicksStartCards(g, setup)
	if err != nil {
		return fig, err
	}
	if !picks {
		return fig, fmt.Errorf("start:%s: in %s no player picks a start card before the deal, as in Athernum; measure first, length or deck:NAME", fig.Start, g.Info().Name)
	}
	for _, c := range g.Cards() {
		if strings.EqualFold(c.Name, fig.Start) {
			return ParseFigure("start:" + c.Name)
		}
	}
	return fig, fmt.Errorf("start:%s: %s has no card of that name; give a card's name as `kartenwerk cards %s` lists it", fig.Start, g.Info().Name, g.Info().ID)
}

// PicksStartCards tells whether g's players, seated as setup says, set a
// card aside before the deal (engine.AsideHolder: Athernum's start card).
func PicksStartCards(g engine.Game, setup engine.Setup) (bool, error) {
	s, err := g.New(setup)
	if err != nil {
		return false, err
	}
	_, ok := s.(engine.AsideHolder)
	return ok, nil
}

// startRate is the win rate of the seats that set card aside before the
// deal, alone (Athernum's start card), over every deck that did: by deal
// within each deck where its seat-games came several to a deal (the
// decks' clusters summed, as if a deal's seats of two decks were
// independent), else Wilson's.
func startRate(r *Report, card string) (Interval, error) {
	if len(r.DrawnAside) == 0 {
		return Interval{}, fmt.Errorf("start:%s: no seat set a card aside before the deal; the figure is the win rate of a start card, in a game where players pick one (Athernum)", card)
	}
	var games, wins int
	var deals Clustered
	byDeal := true
	for _, key := range slices.Sorted(maps.Keys(r.DrawnAside)) {
		d := r.DrawnAside[key]
		if len(d.Aside) != 1 || !strings.EqualFold(d.Aside[0], card) {
			continue
		}
		games += d.SeatGames
		wins += d.SeatWins
		if byDeal = byDeal && d.byDeal(); byDeal {
			deals.merge(*d.Deals)
		}
	}
	switch {
	case games == 0:
		return Interval{}, fmt.Errorf("start:%s: no seat picked %s as its start card in these games; the agents choose start cards, and random agents choose at random (--agents random)", card, card)
	case byDeal:
		return deals.Interval(), nil
	}
	return Wilson(float64(wins), float64(games)), nil
}

func deckRate(r *Report, deck string) (Interval, error) {
	for _, e := range r.EntrantRates {
		if strings.EqualFold(e.Deck, deck) {
			return e.WinRate, nil
		}
	}
	var decks []string
	for _, e := range r.EntrantRates {
		if e.Deck != "" {
			decks = append(decks, e.Deck)
		}
	}
	return Interval{}, NoSuchDeck(deck, decks)
}

// NoSuchDeck is the error for a figure of a deck that no seat plays,
// decks being the seats' decks (none where the rules deal them).
func NoSuchDeck(deck string, decks []string) error {
	if len(decks) == 0 {
		return fmt.Errorf("no seat plays deck %q: the seats play the decks the rules deal; give each seat a deck with --decks", deck)
	}
	return fmt.Errorf("no seat plays deck %q (the decks are %s): give it to a seat with --decks", deck, strings.Join(decks, ", "))
}

// meanTurns is the mean game length with its 95% interval.
func meanTurns(r *Report) (Interval, error) {
	iv := MeanTurnsOf(r)
	if iv.N < 2 {
		return Interval{}, fmt.Errorf("too few games to measure their length")
	}
	return iv, nil
}

// Setting is one combination of a sweep's values, with the game whose
// cards carry them.
type Setting struct {
	Values []string
	Game   engine.Game
}

// Sweep is a figure measured at every setting of one or two fields.
type Sweep struct {
	Game   string       `json:"game"`
	Card   string       `json:"card"`
	Fields []string     `json:"fields"`
	Figure string       `json:"figure"`
	Seed   uint64       `json:"seed"`
	Games  int          `json:"games_per_setting"`
	Points []SweepPoint `json:"points"`
}

// SweepPoint is one setting's figure, with the first player's win rate
// and the game length beside it.
type SweepPoint struct {
	Values      []string `json:"values"`
	Figure      Interval `json:"figure"`
	FirstPlayer Interval `json:"first_player_win_rate"`
	MeanTurns   float64  `json:"mean_turns"`
	Errors      int      `json:"errors,omitempty"`
	// Change is the figure's difference from the first setting of its
	// line (the first value of the first field, at this setting's value
	// of the second), game by game on the same deals (see RunSweep); nil
	// for the first setting of a line and for settings of more than
	// maxPairedSweepGames games.
	Change *Diff `json:"change_from_first,omitempty"`
}

// Paired says whether the settings were compared with the first of
// their line game by game (SweepPoint.Change).
func (sw *Sweep) Paired() bool {
	return slices.ContainsFunc(sw.Points, func(p SweepPoint) bool { return p.Change != nil })
}

// maxPairedSweepGames is the most games a setting of a sweep plays with
// each game kept for the comparison with the first setting (about 250
// bytes a game while the setting plays).
const maxPairedSweepGames = 100000

// RunSweep plays cfg once per setting, every setting with cfg's seed and
// so the same deals, and measures fig. progress, if set, is told each
// setting as it is done.
func RunSweep(ctx context.Context, cfg Config, card string, fields []string, settings []Setting, fig Figure, progress func(done int)) (*Sweep, error) {
	if len(settings) == 0 {
		return nil, fmt.Errorf("a sweep needs at least one value")
	}
	sw := &Sweep{Game: settings[0].Game.Info().ID, Card: card, Fields: fields, Figure: fig.Name, Seed: cfg.Seed, Games: cfg.Games}
	// Every setting plays the same deals, so each compares with the first
	// of its line (the first value of the first field, at its value of
	// the second) game by game: a card's change leaves many games alike,
	// and the difference is far more precise than the two settings'
	// intervals. The first of each line is kept packed.
	paired := cfg.Games <= maxPairedSweepGames
	firsts := map[string]Packed{}
	for i, s := range settings {
		c := cfg
		c.Game = s.Game
		rep, results, err := runGames(ctx, c, paired)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", settingLabel(fields, s.Values), err)
		}
		iv, err := fig.Of(rep)
		if err != nil {
			return nil, err
		}
		pt := SweepPoint{Values: s.Values, Figure: iv, FirstPlayer: rep.FirstPlayer, MeanTurns: rep.MeanTurns, Errors: rep.Errors}
		line := strings.Join(s.Values[1:], "\x00")
		if first, ok := firsts[line]; paired && ok {
			base, _, err := first.results()
			if err != nil {
				return nil, err
			}
			if pt.Change = changeFrom(fig, rep, base, results); pt.Change != nil {
				pt.Change.Option = settingLabel(fields, s.Values)
			}
		} else if paired {
			firsts[line] = Pack(results)
		}
		sw.Points = append(sw.Points, pt)
		if progress != nil {
			progress(i + 1)
		}
	}
	return sw, nil
}

// changeFrom is the figure's difference from the first setting's games
// to results, game by game; nil for a start card's win rate, as a
// setting may change which seats pick it, so that its games do not pair.
func changeFrom(fig Figure, rep *Report, first, results []GameResult) *Diff {
	if fig.Start != "" {
		return nil
	}
	p := pairingOf(rep.Seats, rep.Mirror, first, results)
	var d Diff
	switch {
	case fig.Deck != "":
		d = p.rate("", fig.Name, deckWon(rep, fig.Deck))
	case fig.Name == figureLength:
		d = p.mean("", measureTurns, turnsOf)
	default:
		d = p.rate("", measureFirstWin, firstWon)
	}
	return &d
}

// deckWon is the event "the seat that played deck won" of rep's games,
// the deck being the first entrant's of that name (as deckRate reads
// it).
func deckWon(rep *Report, deck string) func(GameResult) (bool, bool) {
	entrant := slices.IndexFunc(rep.EntrantRates, func(e EntrantRate) bool { return strings.EqualFold(e.Deck, deck) })
	if entrant < 0 {
		return func(GameResult) (bool, bool) { return false, false }
	}
	return entrantWon(entrant, rep.Seats, rep.Mirror)
}

func settingLabel(fields, values []string) string {
	parts := make([]string, len(fields))
	for i := range fields {
		parts[i] = fields[i] + " " + values[i]
	}
	return strings.Join(parts, ", ")
}

// fieldsIn names the sweep's fields in language l (see FieldIn).
func (sw *Sweep) fieldsIn(l i18n.Lang) []string {
	out := make([]string, len(sw.Fields))
	for i, f := range sw.Fields {
		out[i] = FieldIn(l, sw.Game, f)
	}
	return out
}

// WriteText writes the sweep as a table in English: see WriteTextIn.
func (sw *Sweep) WriteText(w io.Writer) { sw.WriteTextIn(w, i18n.EN) }

// WriteTextIn writes the sweep as a table, one setting a line, in
// language l.
func (sw *Sweep) WriteTextIn(w io.Writer, l i18n.Lang) {
	tw := textWriter{w: w, l: l}
	tw.line("", sw.wordKey("report.text.sweep_head"), "game", engine.NameOf(sw.Game), "figure", FigureIn(l, sw.Figure), "card", sw.Card,
		"fields", FieldsIn(l, sw.Game, sw.Fields), "games", sw.Games, "seed", sw.Seed)
	fields := sw.fieldsIn(l)
	figs := make([]string, len(sw.Points))
	width := 0
	for i, p := range sw.Points {
		figs[i] = sw.figureIn(tw, p.Figure)
		width = max(width, utf8.RuneCountInString(figs[i]))
	}
	for i, p := range sw.Points {
		// Padded, so that what follows stands in a column.
		fig := figs[i] + strings.Repeat(" ", width-utf8.RuneCountInString(figs[i]))
		// The first player's rate and the length, beside the figure unless
		// the figure is one of them.
		rate, turns := tw.pct(p.FirstPlayer), i18n.Decimal(l, p.MeanTurns, 1)
		rest := tw.t("report.text.sweep_row", "rate", rate, "turns", turns)
		switch sw.Figure {
		case figureFirst:
			rest = tw.t("report.text.sweep_row_turns", "turns", turns)
		case figureLength:
			rest = tw.t("report.text.sweep_row_first", "rate", rate)
		}
		if p.Change != nil {
			// Against the first value of the first field, at this row's
			// value of the second.
			rest += "; " + tw.t("report.text.sweep_change", "change", p.Change.changeIn(l), "first", settingLabel(fields[:1], sw.Points[0].Values[:1]))
		}
		fmt.Fprintf(w, "  %-24s %s   %s\n", settingLabel(fields, p.Values), fig, rest)
	}
}

// figureIn words a setting's figure for the text table.
func (sw *Sweep) figureIn(tw textWriter, iv Interval) string {
	if sw.rate() {
		return tw.pct(iv)
	}
	// A dash parts the bounds: German and Czech write decimals with a comma.
	l := tw.l
	return i18n.Decimal(l, iv.Rate, 2) + " [" + i18n.Decimal(l, iv.Low, 2) + "–" + i18n.Decimal(l, iv.High, 2) + "]"
}

// wordKey is the report word key, or its form "key_own" where the
// figure names the swept card already (its win rate as start card), so
// that a heading does not name the card twice.
func (sw *Sweep) wordKey(key string) string {
	if sw.Figure == sw.Card+figureStartSuffix {
		return key + "_own"
	}
	return key
}

// rate says whether the sweep's figure is a win rate, not the length.
func (sw *Sweep) rate() bool { return sw.Figure != figureLength }

// Chart draws the sweep's chart in English: see ChartIn.
func (sw *Sweep) Chart() (Chart, error) { return sw.ChartIn(i18n.EN) }

// ChartIn draws the figure against the first field's values (one line
// per value of the second field, if any), with 95% intervals, in
// language l.
func (sw *Sweep) ChartIn(l i18n.Lang) (Chart, error) {
	figure := FigureIn(l, sw.Figure)
	fields := sw.fieldsIn(l)
	p := newPlot(l, words.T(l, sw.wordKey("report.sweep.chart"), "card", sw.Card, "figure", figure, "field", fields[0]))
	p.X.Label.Text = fields[0]
	// The title names the figure; a name as long as "podíl výher
	// začínajícího hráče" would be cut on the axis.
	p.Y.Label.Text = words.T(l, "report.sweep.mean_turns")
	if sw.rate() {
		p.Y.Label.Text = words.T(l, "report.chart.rate")
		p.Y.Tick.Marker = percentTicks{l} // as the table writes rates
	}
	if sw.wholeValues() {
		p.X.Tick.Marker = countTicks{lang: l, least: math.Inf(-1)}
	}
	groups := map[string]*errorBars{}
	var order []string
	for i, pt := range sw.Points {
		key := ""
		if len(pt.Values) > 1 {
			key = fields[1] + " " + pt.Values[1]
		}
		g := groups[key]
		if g == nil {
			g = &errorBars{}
			groups[key] = g
			order = append(order, key)
		}
		x := float64(i)
		if v, err := parseNumber(pt.Values[0]); err == nil {
			x = v
		}
		g.XYs = append(g.XYs, plotter.XY{X: x, Y: pt.Figure.Rate})
		g.YErrors = append(g.YErrors, struct{ Low, High float64 }{pt.Figure.Rate - pt.Figure.Low, pt.Figure.High - pt.Figure.Rate})
	}
	dodge(groups, order)
	for k, key := range order {
		g := groups[key]
		line, points, err := plotter.NewLinePoints(g.XYs)
		if err != nil {
			return Chart{}, err
		}
		var col color.Color = color.Black
		if k < len(sweepColours) {
			col = sweepColours[k]
		}
		line.Color, points.Color = col, col
		whiskers, err := plotter.NewYErrorBars(g)
		if err != nil {
			return Chart{}, err
		}
		whiskers.Color = col
		p.Add(line, points, whiskers)
		if key != "" {
			p.Legend.Add(key, line)
		}
	}
	p.Add(plotter.NewGrid())
	// A twentieth of the axis's span at each end (a half for a single
	// value), so that the end values' whiskers stand apart from the axis
	// and the chart's edge rather than on them.
	room := (p.X.Max - p.X.Min) / 20
	if room == 0 {
		room = 0.5
	}
	p.X.Min, p.X.Max = p.X.Min-room, p.X.Max+room
	title := p.Title.Text
	fitTitle(p, 5.5*vg.Inch) // a long title in German or Czech wraps
	c := Chart{Name: "sweep", Title: title, plot: p, w: 5.5 * vg.Inch, h: 3.4 * vg.Inch}
	if len(order) > 1 {
		c.besideLegend() // inside, it covered the lines' ends
	}
	return c, nil
}

// wholeValues says whether every setting's first value is a whole
// number, as a card's cost or points are.
func (sw *Sweep) wholeValues() bool {
	for _, pt := range sw.Points {
		v, err := parseNumber(pt.Values[0])
		if err != nil || v != math.Trunc(v) {
			return false
		}
	}
	return true
}

// dodge moves the second field's lines a little apart along the x axis,
// a tenth of the step between values at most, so that their points and
// whiskers at one value do not hide each other.
func dodge(groups map[string]*errorBars, order []string) {
	if len(order) < 2 {
		return
	}
	step := math.Inf(1)
	for _, g := range groups {
		for i := 1; i < len(g.XYs); i++ {
			if d := math.Abs(g.XYs[i].X - g.XYs[i-1].X); d > 0 {
				step = min(step, d)
			}
		}
	}
	if math.IsInf(step, 1) {
		step = 1
	}
	width := 0.2 * step // all the lines together
	for k, key := range order {
		shift := width * (float64(k)/float64(len(order)-1) - 0.5)
		for i := range groups[key].XYs {
			groups[key].XYs[i].X += shift
		}
	}
}

// sweepColours tell the second field's values apart.
var sweepColours = []color.Color{barColour, goodColour, badColour,
	color.RGBA{R: 0x8e, G: 0x44, B: 0xad, A: 0xff}, color.RGBA{R: 0xe6, G: 0x7e, B: 0x22, A: 0xff}}

func parseNumber(s string) (float64, error) {
	var v float64
	_, err := fmt.Sscan(s, &v)
	return v, err
}
