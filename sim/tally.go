package sim

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// maxErrorSamples is how many error messages a tally keeps.
const maxErrorSamples = 5

// Tally accumulates game results. It keeps exact counts only, so the
// tallies of the shards of a batch merge into exactly the tally of the
// whole batch.
type Tally struct {
	Game    string            `json:"game"`
	Seats   int               `json:"seats"`
	Seed    uint64            `json:"seed"`
	Agents  []string          `json:"agents"`
	Decks   []string          `json:"decks,omitempty"`
	Variant map[string]string `json:"variant,omitempty"`
	TurnCap int               `json:"turn_cap"`
	Mirror  bool              `json:"mirror,omitempty"`
	// Planned is the batch's size; Shards how many parts it was split in.
	Planned int `json:"planned"`
	Shards  int `json:"shards"`
	// Shard is which part (1..Shards) this tally holds; 0 for a whole
	// batch or a merge of all parts.
	Shard int `json:"shard,omitempty"`
	// First is the seat that started every game (1-based), 0 if the rules
	// chose.
	First int `json:"first,omitempty"`

	Games int   `json:"games"`
	Wins  []int `json:"wins"`
	Draws int   `json:"draws"`
	// Shared counts games won by more than one player (Zynalith's last
	// tie-break, ZY-7.4): each winner's win counts, so the seats' wins
	// add up to more than the games.
	Shared  int `json:"shared_wins,omitempty"`
	Capped  int `json:"capped"`
	Errors  int `json:"errors"`
	Actions int `json:"actions"`
	// Entrants counts by agent and deck, whatever seat they sat in.
	Entrants []EntrantTally `json:"entrants"`
	// FirstWins counts games won by the seat that took the first turn,
	// of FirstKnown games where that seat is known.
	FirstWins  int `json:"first_wins"`
	FirstKnown int `json:"first_known"`
	// FirstChecked counts the games whose first seat was read from the
	// game's view, FirstDisagreed those where the seat to move at the
	// first turn was not it: then the first player's figures are suspect.
	FirstChecked   int            `json:"first_checked"`
	FirstDisagreed int            `json:"first_disagreed,omitempty"`
	Turns          map[int]int    `json:"turns"`
	Reasons        map[string]int `json:"reasons"`
	// Cards counts the cards played, by the deck of the seat that played
	// them (the key "" when the deck is not known).
	Cards        map[string]*DeckCards `json:"cards_by_deck,omitempty"`
	SeatGames    int                   `json:"seat_games"`
	SeatWins     int                   `json:"seat_wins"`
	ErrorSamples []ErrorSample         `json:"error_samples,omitempty"`
	// HandsChosen tells that the game's players fill their hands by their
	// own choices (engine.HandChooser): its cards are not ranked by the
	// win rate when held.
	HandsChosen bool `json:"hands_chosen,omitempty"`
	// Measures sums the game's own figures by name.
	Measures map[string]*MeasureTally `json:"measures,omitempty"`
	// Deals counts, for a mirrored batch, each rate by deal (see
	// AddDeal), keyed by the figure's name.
	Deals map[string]*Clustered `json:"deals,omitempty"`

	// OpeningFirst and OpeningLater count, by deck, the cards in the
	// opening hands (GameResult.Opening) of the seats that took the first
	// turn and of the others, in their Drawn counts: apart, because a
	// game may deal the seats hands of different sizes (Micro-Life: three
	// cards to the first player, five to the second) and the first player
	// wins at another rate. Where seats set cards aside before the deal
	// (GameResult.Aside), each deck's seats that set aside the same cards
	// are counted apart, under keys such as "Ember Assault / aside: Ember
	// Tyrant" (DeckCards.Deck and Aside say which).
	OpeningFirst map[string]*DeckCards `json:"opening_first_by_deck,omitempty"`
	OpeningLater map[string]*DeckCards `json:"opening_later_by_deck,omitempty"`
	// DrawnAside counts the cards drawn, as Cards does, by deck and by the
	// cards each seat set aside before the deal (GameResult.Aside), for
	// games that set cards aside: a card set aside is never drawn, so
	// the seat-games it started would otherwise count among those without
	// it. Its strata are keyed as OpeningFirst's.
	DrawnAside map[string]*DeckCards `json:"drawn_by_aside,omitempty"`

	cardNames  []string
	played     cardBook // the counts of Cards not yet in it
	openFirst  cardBook // of OpeningFirst
	openLater  cardBook // of OpeningLater
	drawnAside cardBook // of DrawnAside
}

// EntrantTally counts one entrant's games.
type EntrantTally struct {
	Agent string `json:"agent"`
	Deck  string `json:"deck,omitempty"`
	Games int    `json:"games"`
	Wins  int    `json:"wins"`
	Draws int    `json:"draws"`
}

// MeasureTally sums one game-specific figure over the games where it
// occurred. Integers keep merged shards exactly equal to the whole.
type MeasureTally struct {
	Games int   `json:"games"`
	Sum   int64 `json:"sum"`
	SumSq int64 `json:"sum_sq,omitempty"` // 0 in tallies stored before it was kept
	Min   int   `json:"min"`
	Max   int   `json:"max"`
}

func (m *MeasureTally) add(o MeasureTally) {
	if m.Games == 0 || o.Min < m.Min {
		m.Min = o.Min
	}
	if m.Games == 0 || o.Max > m.Max {
		m.Max = o.Max
	}
	m.Games += o.Games
	m.Sum += o.Sum
	m.SumSq += o.SumSq
}

// ErrorSample is a failed game's message.
type ErrorSample struct {
	Index int    `json:"index"`
	Msg   string `json:"message"`
}

// NewTally starts an empty tally for a batch.
func NewTally(cfg Config) *Tally {
	t := &Tally{Game: cfg.Game.Info().ID, Seats: cfg.Seats, Seed: cfg.Seed, Variant: cfg.Variant,
		TurnCap: cfg.TurnCap, Mirror: cfg.Mirror, Planned: cfg.Games, Shards: cfg.Shards, First: cfg.First,
		Shard: shardNumber(cfg), Wins: make([]int, cfg.Seats), Turns: map[int]int{}, Reasons: map[string]int{}, Cards: map[string]*DeckCards{}}
	for e := 0; e < cfg.Seats; e++ {
		t.Agents = append(t.Agents, cfg.agentSpec(e))
		if len(cfg.Decks) > 0 {
			t.Decks = append(t.Decks, cfg.deckName(e))
		}
		t.Entrants = append(t.Entrants, EntrantTally{Agent: cfg.agentSpec(e), Deck: cfg.deckName(e)})
	}
	for _, c := range cfg.Game.Cards() {
		t.cardNames = append(t.cardNames, c.Name)
	}
	if h, ok := cfg.Game.(engine.HandChooser); ok {
		t.HandsChosen = h.HandsChosen()
	}
	return t
}

// shardNumber is the 1-based part a sharded batch plays, 0 for a whole one.
func shardNumber(cfg Config) int {
	if cfg.Shards > 1 {
		return cfg.Shard + 1
	}
	return 0
}

// Add counts one game, a deal of its own.
func (t *Tally) Add(r GameResult) {
	t.add(r)
	t.endCardDeal()
}

// add counts one game of the deal being counted.
func (t *Tally) add(r GameResult) {
	t.Games++
	if r.Err != "" {
		t.Errors++
		t.ErrorSamples = append(t.ErrorSamples, ErrorSample{Index: r.Index, Msg: r.Err})
		t.trimErrors()
		return
	}
	t.Actions += r.Actions
	t.Turns[r.Turns]++
	t.Reasons[r.Reason]++
	if r.Capped {
		t.Capped++
	}
	if r.Winners == 0 {
		t.Draws++
	}
	if r.Winners.Len() > 1 {
		t.Shared++
	}
	for seat := 0; seat < t.Seats; seat++ {
		won := r.Winners.Has(engine.Seat(seat))
		e := &t.Entrants[(seat+r.Rotation)%t.Seats]
		e.Games++
		switch {
		case won:
			t.Wins[seat]++
			e.Wins++
		case r.Winners == 0:
			e.Draws++
		}
	}
	if r.FirstChecked {
		t.FirstChecked++
	}
	if r.FirstDisagreed {
		t.FirstDisagreed++
	}
	if r.First != engine.NoSeat {
		t.FirstKnown++
		if r.Winners.Has(r.First) {
			t.FirstWins++
		}
	}
	var seats [4]stratum // as many as a game seats, without the heap
	strata := t.asideStrata(r, seats[:0])
	t.addCards(r, strata)
	t.addOpening(r, strata)
	for _, m := range r.Measures {
		v := int64(m.Value)
		t.measure(m.Name).add(MeasureTally{Games: 1, Sum: v, SumSq: v * v, Min: m.Value, Max: m.Value})
	}
}

// AddDeal counts the games of one deal: in a mirrored batch, the games
// that share one shuffle; otherwise a single game. The deal's games are
// counted as one cluster of each rate, so that intervals reflect that
// they are not independent.
func (t *Tally) AddDeal(games []GameResult) {
	for _, r := range games {
		t.add(r)
	}
	t.endCardDeal()
	if !t.Mirror {
		return
	}
	var c dealCounts
	played := 0
	for _, r := range games {
		c.add(t.Seats, r)
		if r.Err == "" {
			played++
		}
	}
	for name, ym := range c {
		if strings.HasPrefix(name, reasonPrefix) {
			ym[1] = played // every game of the deal, not just those so ended
		}
		t.deal(name).Add(ym[0], ym[1])
	}
}

// Names of the rates a mirrored batch counts by deal.
const (
	dealDraw   = "draw"
	dealShared = "shared win"
	dealCap    = "turn cap"
	dealFirst  = "first player win"
	// dealTurns sums the turns of a deal's games (its "events"), for the
	// mean length's interval.
	dealTurns = "turns"
)

func dealSeat(s int) string       { return "p" + strconv.Itoa(s+1) + " win" }
func dealEntrant(e int) string    { return "entrant " + strconv.Itoa(e+1) + " win" }
func dealReason(r string) string  { return reasonPrefix + r }
func dealMeasure(m string) string { return "measure " + m }

// reasonPrefix starts the names of the end reasons' rates.
const reasonPrefix = "ended by "

// dealCounts are one deal's events and games per rate.
type dealCounts map[string][2]int

func (c *dealCounts) count(name string, event bool) {
	if *c == nil {
		*c = dealCounts{}
	}
	ym := (*c)[name]
	if event {
		ym[0]++
	}
	ym[1]++
	(*c)[name] = ym
}

// sum counts a game whose figure name is v.
func (c *dealCounts) sum(name string, v int) {
	if *c == nil {
		*c = dealCounts{}
	}
	ym := (*c)[name]
	ym[0] += v
	ym[1]++
	(*c)[name] = ym
}

func (c *dealCounts) add(seats int, r GameResult) {
	if r.Err != "" {
		return
	}
	for seat := 0; seat < seats; seat++ {
		won := r.Winners.Has(engine.Seat(seat))
		c.count(dealSeat(seat), won)
		c.count(dealEntrant((seat+r.Rotation)%seats), won)
	}
	c.count(dealDraw, r.Winners == 0)
	c.count(dealShared, r.Winners.Len() > 1)
	c.count(dealCap, r.Capped)
	c.sum(dealTurns, r.Turns)
	for _, m := range r.Measures {
		c.sum(dealMeasure(m.Name), m.Value)
	}
	if r.First != engine.NoSeat {
		c.count(dealFirst, r.Winners.Has(r.First))
	}
	c.count(dealReason(r.Reason), true)
}

func (t *Tally) deal(name string) *Clustered {
	if t.Deals == nil {
		t.Deals = map[string]*Clustered{}
	}
	c := t.Deals[name]
	if c == nil {
		c = &Clustered{}
		t.Deals[name] = c
	}
	return c
}

// rate is the named rate's interval: by deal in a mirrored batch, else a
// plain Wilson interval of k in n games.
func (t *Tally) rate(name string, k, n int) Interval {
	if !t.Mirror {
		return Wilson(float64(k), float64(n))
	}
	c := t.Deals[name]
	if c == nil {
		c = &Clustered{}
	}
	if all := t.Deals[dealDraw]; strings.HasPrefix(name, reasonPrefix) && all != nil {
		// A reason is counted only in the deals where it occurred; the
		// deals without it add nothing to Y, YY and YM but count in the
		// games and clusters, which every deal's draw count holds.
		return Clustered{Clusters: all.Clusters, Y: c.Y, M: all.M, YY: c.YY, YM: c.YM, MM: all.MM}.Interval()
	}
	return c.Interval()
}

// measure returns the tally of the named figure, making it if needed.
func (t *Tally) measure(name string) *MeasureTally {
	if t.Measures == nil {
		t.Measures = map[string]*MeasureTally{}
	}
	m := t.Measures[name]
	if m == nil {
		m = &MeasureTally{}
		t.Measures[name] = m
	}
	return m
}

func (t *Tally) trimErrors() {
	sort.Slice(t.ErrorSamples, func(i, j int) bool { return t.ErrorSamples[i].Index < t.ErrorSamples[j].Index })
	if len(t.ErrorSamples) > maxErrorSamples {
		t.ErrorSamples = t.ErrorSamples[:maxErrorSamples]
	}
}

// Merge adds another part of the same batch to t. The parts must come
// from the same configuration.
func (t *Tally) Merge(o *Tally) error {
	if err := t.sameBatch(o); err != nil {
		return err
	}
	t.Games += o.Games
	for i := range t.Wins {
		t.Wins[i] += o.Wins[i]
	}
	t.Draws += o.Draws
	t.Shared += o.Shared
	t.Capped += o.Capped
	t.Errors += o.Errors
	t.Actions += o.Actions
	for i := range t.Entrants {
		t.Entrants[i].Games += o.Entrants[i].Games
		t.Entrants[i].Wins += o.Entrants[i].Wins
		t.Entrants[i].Draws += o.Entrants[i].Draws
	}
	t.FirstWins += o.FirstWins
	t.FirstKnown += o.FirstKnown
	t.FirstChecked += o.FirstChecked
	t.FirstDisagreed += o.FirstDisagreed
	for k, v := range o.Turns {
		t.Turns[k] += v
	}
	for k, v := range o.Reasons {
		t.Reasons[k] += v
	}
	t.mergeCards(o)
	t.SeatGames += o.SeatGames
	t.SeatWins += o.SeatWins
	for name, m := range o.Measures {
		t.measure(name).add(*m)
	}
	for name, c := range o.Deals {
		t.deal(name).merge(*c)
	}
	t.ErrorSamples = append(t.ErrorSamples, o.ErrorSamples...)
	t.trimErrors()
	return nil
}

func (t *Tally) sameBatch(o *Tally) error {
	var diffs []string
	differ := func(what string, a, b any) {
		if fmt.Sprint(a) != fmt.Sprint(b) {
			diffs = append(diffs, fmt.Sprintf("%s %v vs %v", what, a, b))
		}
	}
	differ("game", t.Game, o.Game)
	differ("seats", t.Seats, o.Seats)
	differ("seed", t.Seed, o.Seed)
	differ("turn cap", t.TurnCap, o.TurnCap)
	differ("mirror", t.Mirror, o.Mirror)
	differ("first seat", t.First, o.First)
	differ("planned games", t.Planned, o.Planned)
	differ("shard count", t.Shards, o.Shards)
	differ("agents", t.Agents, o.Agents)
	differ("decks", t.Decks, o.Decks)
	if !maps.Equal(t.Variant, o.Variant) {
		differ("variant", t.Variant, o.Variant)
	}
	if len(diffs) == 0 && (len(t.Wins) != len(o.Wins) || len(t.Entrants) != len(o.Entrants)) {
		diffs = append(diffs, "the seat counts differ")
	}
	if len(diffs) > 0 {
		return fmt.Errorf("not parts of one batch: %s; merge only the shards of one 'sim' command", strings.Join(diffs, "; "))
	}
	return nil
}

// emptyLike is a tally of p's batch with nothing counted, so that merging
// into it leaves the parts unchanged.
func emptyLike(p *Tally) *Tally {
	t := &Tally{Game: p.Game, Seats: p.Seats, Seed: p.Seed, Agents: p.Agents, Decks: p.Decks, Variant: p.Variant,
		TurnCap: p.TurnCap, Mirror: p.Mirror, Planned: p.Planned, Shards: p.Shards, First: p.First, HandsChosen: p.HandsChosen,
		Wins: make([]int, len(p.Wins)), Turns: map[int]int{}, Reasons: map[string]int{}, Cards: map[string]*DeckCards{}, cardNames: p.cardNames}
	for _, e := range p.Entrants {
		t.Entrants = append(t.Entrants, EntrantTally{Agent: e.Agent, Deck: e.Deck})
	}
	return t
}

// MergeShards merges the shard files of one batch, named by names for
// errors. Each shard of the batch must be there exactly once: a shard given
// twice, or one missing, is an error that names it.
func MergeShards(parts []*Tally, names []string) (*Tally, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no shard files given")
	}
	seen := map[int]string{}
	var total *Tally
	for i, p := range parts {
		if p.Shards > 1 && p.Shard == 0 {
			return nil, fmt.Errorf("%s: the file does not say which of the %d shards it holds (written by an older version): play it again with --shard", names[i], p.Shards)
		}
		if prev, dup := seen[p.Shard]; dup {
			return nil, fmt.Errorf("%s: shard %d/%d is also in %s; give each shard once", names[i], p.Shard, p.Shards, prev)
		}
		seen[p.Shard] = names[i]
		if total == nil {
			total = emptyLike(p)
		}
		if err := total.Merge(p); err != nil {
			return nil, fmt.Errorf("%s: %w", names[i], err)
		}
	}
	var missing []string
	for k := 1; k <= total.Shards && total.Shards > 1; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", k, total.Shards))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("shard %s missing: play it with --shard and merge it with the others", strings.Join(missing, ", "))
	}
	total.Shard = 0
	return total, nil
}

// Report derives the statistics.
func (t *Tally) Report() *Report {
	t.flushCards()
	played := t.Games - t.Errors
	rep := &Report{Tally: *t, WinRate: make([]Interval, t.Seats)}
	for s := range rep.WinRate {
		rep.WinRate[s] = t.rate(dealSeat(s), t.Wins[s], played)
	}
	for i, e := range t.Entrants {
		rep.EntrantRates = append(rep.EntrantRates, EntrantRate{EntrantTally: e, WinRate: t.rate(dealEntrant(i), e.Wins, e.Games)})
	}
	rep.DrawRate = t.rate(dealDraw, t.Draws, played)
	rep.SharedRate = t.rate(dealShared, t.Shared, played)
	rep.CapRate = t.rate(dealCap, t.Capped, played)
	rep.FirstPlayer = t.rate(dealFirst, t.FirstWins, t.FirstKnown)
	if c := t.Deals[dealDraw]; t.Mirror && c != nil {
		rep.DealCount = int(c.Clusters)
	}
	rep.TurnStats = distribution(t.Turns)
	rep.MeanTurns = rep.TurnStats.Mean
	rep.MeanTurnsInterval = t.meanTurns()
	if played > 0 {
		rep.MeanActions = float64(t.Actions) / float64(played)
	}
	for _, r := range slices.Sorted(maps.Keys(t.Reasons)) {
		rep.EndReasons = append(rep.EndReasons, Share{Name: r, Count: t.Reasons[r], Interval: t.rate(dealReason(r), t.Reasons[r], played)})
	}
	rep.CardStats = cardStats(t)
	if !t.HandsChosen {
		rep.CardRanking = cardRanking(rep.CardStats)
	}
	rep.OpeningRanking = cardRanking(openingStats(t))
	rep.AsideRates = asideRates(t)
	for _, name := range slices.Sorted(maps.Keys(t.Measures)) {
		m := t.Measures[name]
		st := MeasureStat{Name: name, Games: m.Games, Mean: float64(m.Sum) / float64(m.Games), Min: m.Min, Max: m.Max}
		if m.SumSq > 0 {
			st.MeanInterval = t.mean(float64(m.Games), float64(m.Sum), float64(m.SumSq), dealMeasure(name))
		}
		rep.MeasureStats = append(rep.MeasureStats, st)
	}
	return rep
}

// Headline is the report without its cards: their counts by deck and
// their figures, which make most of a report's JSON (megabytes where
// Mystic Elements' seats build many decks). For a page that shows the
// headline figures and leaves the cards to the HTML report.
func (r *Report) Headline() *Report {
	h := *r
	h.Cards, h.OpeningFirst, h.OpeningLater, h.DrawnAside = nil, nil, nil, nil
	h.CardStats, h.CardRanking, h.OpeningRanking, h.AsideRates = nil, nil, nil, nil
	return &h
}

// Report is a batch's statistics. Its Tally holds the raw counts.
type Report struct {
	Tally
	WinRate      []Interval    `json:"win_rate"`
	EntrantRates []EntrantRate `json:"entrant_win_rate"`
	DrawRate     Interval      `json:"draw_rate"`
	SharedRate   Interval      `json:"shared_win_rate,omitzero"`
	CapRate      Interval      `json:"cap_rate"`
	FirstPlayer  Interval      `json:"first_player_win_rate"`
	MeanTurns    float64       `json:"mean_turns"`
	// MeanTurnsInterval is the mean length with its 95% normal interval,
	// by deal in a mirrored batch (see MeanTurnsOf).
	MeanTurnsInterval Interval     `json:"mean_turns_interval,omitzero"`
	MeanActions       float64      `json:"mean_actions"`
	TurnStats         Distribution `json:"turn_stats"`
	EndReasons        []Share      `json:"end_reasons"`
	// DealCount is, for a mirrored batch, the number of deals: the
	// clusters its intervals are computed over.
	DealCount int `json:"deal_count,omitempty"`
	// CardStats: per card, how often its player played it and won with
	// it, against the games where they did not; sorted by Impact.
	CardStats []CardStat `json:"card_stats,omitempty"`
	// CardRanking holds the cards drawn and not drawn in at least 30
	// seat-games each, by DrawImpact, largest first; DrawSignificant marks
	// those whose 95% interval excludes 0. Empty for a game that does not
	// report hands, or whose hands are chosen (Tally.HandsChosen).
	CardRanking []CardStat `json:"card_ranking,omitempty"`
	// OpeningRanking ranks the cards as CardRanking does, by the win
	// rate when the card was in its player's opening hand minus when not
	// (its Drawn figures count the opening hands): the shuffle alone
	// deals that hand, so the difference is the card's own effect, free
	// of how the game went. Within a deck it is stratified by whether the
	// seat went first (MethodStratified; see Tally.OpeningFirst). Empty for
	// a game that deals no hands before its first turn.
	OpeningRanking []CardStat `json:"opening_ranking,omitempty"`
	// AsideRates is the win rate of each deck's seats by the cards they
	// set aside before the deal (Athernum's start card), where a game
	// sets any aside.
	AsideRates []AsideRate `json:"aside_rates,omitempty"`
	// MeasureStats are the game's own figures, by name.
	MeasureStats []MeasureStat `json:"measure_stats,omitempty"`

	// ThinkingMs is each entrant's mean time per decision, in ms, or -1
	// when its agent is too quick to be worth timing (random, greedy); like
	// the timings below it varies from run to run.
	ThinkingMs     []float64 `json:"thinking_ms,omitempty"`
	Workers        int       `json:"workers,omitempty"`
	ElapsedSeconds float64   `json:"elapsed_seconds"`
	GamesPerSecond float64   `json:"games_per_second"`
	// Precision is set for a batch played until a precision was reached
	// (UntilPrecise) rather than for a number of games.
	Precision *Precision `json:"precision,omitempty"`
}

// MeasureStat is a game-specific figure's mean over the games where it
// occurred.
type MeasureStat struct {
	Name  string  `json:"name"`
	Games int     `json:"games"`
	Mean  float64 `json:"mean"`
	// MeanInterval is Mean with its 95% normal interval, by deal in a
	// mirrored batch.
	MeanInterval Interval `json:"mean_interval,omitzero"`
	Min          int      `json:"min"`
	Max          int      `json:"max"`
}

// EntrantRate is an entrant's win rate.
type EntrantRate struct {
	EntrantTally
	WinRate Interval `json:"win_rate"`
}

// Share is how often something happened, with its interval.
type Share struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Interval
}
