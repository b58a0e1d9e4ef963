package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/sim"
)

func TestWilson(t *testing.T) {
	cases := []struct {
		k, n            float64
		rate, low, high float64
	}{
		{50, 100, 0.5, 0.4038, 0.5962},
		{0, 10, 0, 0, 0.2775},
		{10, 10, 1, 0.7225, 1},
		{0, 0, 0, 0, 0},
	}
	for _, c := range cases {
		iv := sim.Wilson(c.k, c.n)
		if math.Abs(iv.Rate-c.rate) > 1e-4 || math.Abs(iv.Low-c.low) > 1e-4 || math.Abs(iv.High-c.high) > 1e-4 {
			t.Errorf("Wilson(%v, %v) = %+v, want %v [%v, %v]", c.k, c.n, iv, c.rate, c.low, c.high)
		}
	}
}

func run(t *testing.T, cfg sim.Config) *sim.Report {
	t.Helper()
	rep, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestBatchIsTheSameForAnyNumberOfWorkers(t *testing.T) {
	base := sim.Config{Game: trick.Game{}, Games: 400, Seed: 7, Seats: 3}
	one, four := base, base
	one.Workers, four.Workers = 1, 4
	a, b := run(t, one), run(t, four)
	if !reflect.DeepEqual(a.Tally, b.Tally) {
		t.Fatalf("1 worker: %+v\n4 workers: %+v", a.Tally, b.Tally)
	}
	c := base
	c.Seed = 8
	if reflect.DeepEqual(run(t, c).Tally.Wins, a.Wins) {
		t.Fatal("another seed gave the same wins")
	}
}

func TestReportCountsEveryGame(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 300, Seed: 1, Seats: 2})
	wins := rep.Wins[0] + rep.Wins[1]
	if wins+rep.Draws != 300 || rep.Errors != 0 || rep.Capped != 0 {
		t.Fatalf("wins %d + draws %d != 300 (errors %d)", wins, rep.Draws, rep.Errors)
	}
	// A trick game always has nine tricks, one card of each seat in each.
	if rep.TurnStats.Min != 9 || rep.TurnStats.Max != 9 || rep.MeanActions != 18 {
		t.Fatalf("turns %+v, actions %v", rep.TurnStats, rep.MeanActions)
	}
	if rep.FirstKnown != 300 || rep.FirstPlayer.Rate <= 0 || rep.FirstPlayer.Rate >= 1 {
		t.Fatalf("first player %d/%d", rep.FirstWins, rep.FirstKnown)
	}
	var text strings.Builder
	rep.WriteText(&text)
	for _, want := range []string{"trick: 300 games, 2 players", "p1 (random) wins", "first player wins", "ended by:\n    100.0%  tricks"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
}

func TestTurnCapEndsGamesAsDraws(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 20, Seed: 1, Seats: 2, TurnCap: 3})
	if rep.Capped != 20 || rep.Draws != 20 || rep.TurnStats.Max != 4 {
		t.Fatalf("capped %d draws %d turns %+v", rep.Capped, rep.Draws, rep.TurnStats)
	}
}

type cheater struct{}

func (cheater) Name() string { return "cheater" }
func (cheater) Act(engine.State) (engine.Action, error) {
	return engine.Action{Verb: 1, Args: [4]int16{99}}, nil
}

func init() {
	ai.Register(ai.Kind{Name: "cheater", Params: map[string]string{},
		New: func(ai.Params, uint64) (ai.Agent, error) { return cheater{}, nil }})
}

func TestFailedGamesAreCountedNotFatal(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 10, Seed: 1, Seats: 2, Agents: []string{"cheater", "random"}})
	if rep.Errors != 10 || len(rep.ErrorSamples) == 0 || !strings.Contains(rep.ErrorSamples[0].Msg, `"play c99"`) {
		t.Fatalf("errors %d samples %v", rep.Errors, rep.ErrorSamples)
	}
}

func TestBadConfigs(t *testing.T) {
	cases := []struct {
		cfg  sim.Config
		want string
	}{
		{sim.Config{Game: trick.Game{}, Games: 0}, "at least 1"},
		{sim.Config{Game: trick.Game{}, Games: 1, Seats: 7}, "takes 2 to 4 players, not 7"},
		{sim.Config{Game: trick.Game{}, Games: 1, Agents: []string{"random", "random", "random"}}, "3 agents for 2 seats"},
		{sim.Config{Game: trick.Game{}, Games: 1, Agents: []string{"nobody"}}, "unknown agent"},
		{sim.Config{Game: trick.Game{}, Games: 1, Variant: map[string]string{"ties": "x"}}, "choose one of"},
		{sim.Config{Game: trick.Game{}, Games: 1, Decks: slices.Repeat(trick.Game{}.Presets(), 3)}, "3 decks for 2 seats"},
		{sim.Config{Game: trick.Game{}, Games: 1, TurnCap: -1}, "turn cap -1: give a number of turns"},
		{sim.Config{Game: trick.Game{}, Games: 1, Workers: -2}, "-2 workers"},
	}
	// A game for exactly two players says so, not "takes 2 to 2 players".
	if g, err := engine.Lookup("mystimons"); err == nil {
		cases = append(cases, struct {
			cfg  sim.Config
			want string
		}{sim.Config{Game: g, Games: 1, Seats: 3}, "takes exactly 2 players, not 3"})
	} else {
		t.Error(err)
	}
	for _, c := range cases {
		if _, err := sim.Run(context.Background(), c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.cfg, err, c.want)
		}
	}
}

func TestShardsMergeIntoTheWholeBatch(t *testing.T) {
	base := sim.Config{Game: trick.Game{}, Games: 301, Seed: 3, Seats: 2, Mirror: true,
		Agents: []string{"random", "greedy"}}
	whole := run(t, base)
	var parts []*sim.Tally
	for k := 0; k < 3; k++ {
		part := base
		part.Shard, part.Shards = k, 3
		rep := run(t, part)
		if rep.Shard != k+1 {
			t.Fatalf("shard %d/3 records itself as %d", k+1, rep.Shard)
		}
		parts = append(parts, &rep.Tally)
	}
	names := []string{"a.json", "b.json", "c.json"}
	// The same shard twice, or one left out, is refused with its name.
	if _, err := sim.MergeShards([]*sim.Tally{parts[0], parts[0], parts[1]}, names); err == nil || !strings.Contains(err.Error(), "shard 1/3 is also in a.json") {
		t.Errorf("a shard given twice: %v", err)
	}
	if _, err := sim.MergeShards(parts[:2], names); err == nil || !strings.Contains(err.Error(), "shard 3/3 missing") {
		t.Errorf("a missing shard: %v", err)
	}
	merged, err := sim.MergeShards(parts, names)
	if err != nil {
		t.Fatal(err)
	}
	whole1 := whole.Tally
	whole1.Shards = 3 // the only field that tells shards apart
	if !reflect.DeepEqual(merged.Report().Tally, whole1) || !reflect.DeepEqual(merged.Report().WinRate, whole.WinRate) {
		t.Fatalf("merged shards differ from the whole:\n%+v\n%+v", merged, whole1)
	}
	if whole.Games != 302 {
		t.Fatalf("mirror rounds 301 games up to 302 for 2 seats, got %d", whole.Games)
	}
	other := run(t, sim.Config{Game: trick.Game{}, Games: 10, Seed: 4, Seats: 2})
	if err := merged.Merge(&other.Tally); err == nil || !strings.Contains(err.Error(), "not parts of one batch") {
		t.Fatalf("merging another batch: %v", err)
	}
}

func TestMirroredEntrantsSitInEverySeat(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 200, Seed: 3, Seats: 2, Mirror: true,
		Agents: []string{"ismcts:iters=30", "random"}})
	e := rep.EntrantRates
	if e[0].Games != 200 || e[1].Games != 200 || e[0].Agent != "ismcts:iters=30" {
		t.Fatalf("entrants %+v", e)
	}
	// Each entrant sat in each seat 100 times, so seat win counts mix both.
	if e[0].Wins <= e[1].Wins || rep.Wins[0]+rep.Wins[1] != e[0].Wins+e[1].Wins {
		t.Fatalf("entrants %+v, seats %v", e, rep.Wins)
	}
	var text strings.Builder
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "ismcts:iters=30") {
		t.Fatalf("text lacks entrants:\n%s", text.String())
	}
}

func TestCardStatistics(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 400, Seed: 3, Seats: 2})
	if rep.SeatGames != 800 || len(rep.CardStats) != 9 {
		t.Fatalf("seat-games %d, %d cards", rep.SeatGames, len(rep.CardStats))
	}
	// Every trick game plays every card, so played = all seat-games.
	for _, c := range rep.CardStats {
		if c.Played != 800 || c.PlayRate != 1 || c.NotPlayed != 0 || c.Impact != 0 {
			t.Fatalf("card %+v", c)
		}
	}
}

func TestCardImpactFromSyntheticResults(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}}
	tally := sim.NewTally(cfg)
	p1 := engine.SeatSet(0).With(0)
	for i := 0; i < 100; i++ {
		// p1 plays Nine (index 8) and wins 3 games in 4; p2 plays One (index 0) only.
		w := p1
		if i%4 == 0 {
			w = engine.SeatSet(0).With(1)
		}
		tally.Add(sim.GameResult{Index: i, Winners: w, Reason: "tricks", First: 0, Turns: 9,
			Played: [][]int{{8, 8}, {0}}})
	}
	stats := tally.Report().CardStats
	if len(stats) != 2 || stats[0].Name != "Nine" || stats[1].Name != "One" {
		t.Fatalf("stats %+v", stats)
	}
	nine := stats[0]
	if nine.Played != 100 || nine.WhenPlayed.Rate != 0.75 || nine.WhenNot.Rate != 0.25 || nine.Impact != 0.5 {
		t.Fatalf("Nine %+v", nine)
	}
}

func TestGameFiguresAreAveragedWhereTheyOccur(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}}
	tally := sim.NewTally(cfg)
	for i, ms := range [][]engine.Measure{
		{{Name: "most tricks taken", Value: 5}, {Name: "tied tricks", Value: 2}},
		{{Name: "most tricks taken", Value: 7}},
		{{Name: "most tricks taken", Value: 6}, {Name: "tied tricks", Value: 4}},
	} {
		tally.Add(sim.GameResult{Index: i, Winners: engine.SeatSet(0).With(0), Reason: "tricks", Turns: 9, Measures: ms})
	}
	got := tally.Report().MeasureStats
	// The intervals: 6 ± z/√3 (values 5, 7, 6: variance 1), 3 ± z (2, 4:
	// variance 2, over 2 games).
	const z = 1.959963984540054
	if len(got) != 2 {
		t.Fatalf("figures %+v, want two", got)
	}
	for i, half := range []float64{z / math.Sqrt(3), z} {
		iv := got[i].MeanInterval
		if iv.Method != sim.MethodMean || math.Abs(iv.Low-(iv.Rate-half)) > 1e-9 || math.Abs(iv.High-(iv.Rate+half)) > 1e-9 {
			t.Errorf("%s: interval %+v, want the mean ± %.4f", got[i].Name, iv, half)
		}
		got[i].MeanInterval = sim.Interval{}
	}
	want := []sim.MeasureStat{{Name: "most tricks taken", Games: 3, Mean: 6, Min: 5, Max: 7},
		{Name: "tied tricks", Games: 2, Mean: 3, Min: 2, Max: 4}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("figures %+v, want %+v", got, want)
	}
	var text strings.Builder
	tally.Report().WriteText(&text)
	if !strings.Contains(text.String(), "tied tricks") {
		t.Fatalf("text lacks the game figures:\n%s", text.String())
	}
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 50, Seed: 2, Seats: 2})
	if len(rep.MeasureStats) == 0 || rep.MeasureStats[0].Games != 50 {
		t.Fatalf("a batch of trick games reports figures %+v", rep.MeasureStats)
	}
}

func TestOneDeckListServesEverySeat(t *testing.T) {
	deck := trick.Game{}.Presets()[0]
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 20, Seed: 1, Seats: 3, Decks: []engine.DeckList{deck}})
	if !slices.Equal(rep.Decks, []string{deck.Name, deck.Name, deck.Name}) || rep.Games != 20 {
		t.Fatalf("decks %v in %d games", rep.Decks, rep.Games)
	}
}

// Only agents whose time matters are timed: reading the clock around a
// random agent's every decision costs more than the decision.
func TestOnlySearchAgentsAreTimed(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Games: 4, Seed: 3, Seats: 2, Agents: []string{"random", "ismcts:iters=20"}, Workers: 1}
	rep := run(t, cfg)
	if len(rep.ThinkingMs) != 2 || rep.ThinkingMs[0] != -1 || rep.ThinkingMs[1] < 0 {
		t.Fatalf("thinking ms %v: want -1 for random and a time for ismcts", rep.ThinkingMs)
	}
}

// In a mirrored batch every entrant sits in every seat, so a seat is not
// labelled with one entrant's agent, in text or HTML; the report names its
// interval method and effective sample.
func TestMirroredReportLabelsSeatsAndMethod(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 200, Seed: 2, Seats: 2, Agents: []string{"random", "greedy"}, Mirror: true})
	var text, page strings.Builder
	rep.WriteText(&text)
	if err := sim.WriteHTML(&page, sim.Document{Title: "t", Report: rep}); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{text.String(), page.String()} {
		if strings.Contains(out, "p1 (random)") || strings.Contains(out, "<td>p1</td><td>random</td>") {
			t.Errorf("a mirrored seat is labelled with one agent:\n%s", out)
		}
		if !strings.Contains(out, "every entrant in turn") || !strings.Contains(out, "Wilson score by deal") {
			t.Errorf("the report lacks the seat label or the interval method:\n%s", out)
		}
	}
	if rep.DealCount != 100 || rep.WinRate[0].Method != sim.MethodCluster {
		t.Fatalf("deals %d, method %q", rep.DealCount, rep.WinRate[0].Method)
	}
}

// Identical agents replay each mirrored deal exactly, so p1 wins both of a
// deal's games or neither: the batch is worth as many games as it has
// deals, and its interval is as wide as that of a plain batch of deals.
func TestMirroredIdenticalAgentsCountDeals(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 1000, Seed: 4, Seats: 2, Mirror: true})
	iv := rep.WinRate[0]
	if math.Abs(iv.N-500) > 2 { // 499: the variance's small-sample factor d/(d-1)
		t.Fatalf("effective sample %.1f, want the 500 deals", iv.N)
	}
	plain := sim.Wilson(float64(rep.Wins[0])/2, 500)
	if w, want := iv.High-iv.Low, plain.High-plain.Low; math.Abs(w-want) > 0.01*want {
		t.Fatalf("interval %+v, want the width of %+v", iv, plain)
	}
}

// Card impact is measured within the deck that played the card: a card
// only the stronger deck holds shows no impact of its own, and a card of
// several decks gets a pooled figure over them.
func TestCardImpactIsStratifiedByDeck(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}}
	tally := sim.NewTally(cfg)
	for i := 0; i < 400; i++ {
		// Fire (p1) wins 3 blocks of 2 games in 4 and always plays Nine
		// (index 8); both decks play One (index 0) in every other game,
		// which changes nothing.
		w := engine.SeatSet(0).With(0)
		if (i/2)%4 == 0 {
			w = engine.SeatSet(0).With(1)
		}
		played := [][]int{{8}, {}}
		if i%2 == 0 {
			played = [][]int{{8, 0}, {0}}
		}
		tally.Add(sim.GameResult{Index: i, Winners: w, Reason: "tricks", Turns: 9, Played: played, Decks: []string{"Fire", "Water"}})
	}
	var onePooled *sim.CardStat
	for _, c := range tally.Report().CardStats {
		if c.Name == "Nine" && (c.Impact != 0 || c.Deck != "Fire" || c.Pooled) {
			t.Errorf("Nine, played in every Fire game, shows %+v", c)
		}
		if c.Name == "One" && !c.Pooled && c.Impact != 0 {
			t.Errorf("One within %s: impact %v, want 0", c.Deck, c.Impact)
		}
		if c.Name == "One" && c.Pooled {
			onePooled = &c
		}
	}
	if onePooled == nil || onePooled.Decks != 2 || onePooled.Impact != 0 || onePooled.ImpactLow >= 0 || onePooled.ImpactHigh <= 0 || onePooled.ImpactMethod != sim.MethodStratified {
		t.Fatalf("One pooled over both decks: %+v", onePooled)
	}
	var text strings.Builder
	tally.Report().WriteText(&text)
	if !strings.Contains(text.String(), "One (all decks)") || !strings.Contains(text.String(), "One (Fire)") {
		t.Errorf("text lacks the per-deck and pooled rows:\n%s", text.String())
	}
}

// In a mirrored batch an end reason's share is over all games, like the
// plain batch's, however the reasons fall among the deals.
func TestMirroredEndReasonsShareAllGames(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Seats: 2, Agents: []string{"random"}, Mirror: true}
	tally := sim.NewTally(cfg)
	for d := 0; d < 100; d++ {
		reason := "tricks"
		if d%4 == 0 {
			reason = "timeout"
		}
		g := sim.GameResult{Winners: engine.SeatSet(0).With(0), Reason: reason, Turns: 9}
		tally.AddDeal([]sim.GameResult{g, g})
	}
	for _, s := range tally.Report().EndReasons {
		want := map[string]float64{"tricks": 0.75, "timeout": 0.25}[s.Name]
		if s.Rate != want || s.Low > want || s.High < want || s.Method != sim.MethodCluster {
			t.Errorf("%s: %+v, want a rate of %v", s.Name, s.Interval, want)
		}
	}
}

// otherActive is the trick game with views that name another active seat
// than the one to move, as a game might where the first turn opens with
// an opponent's decision.
type otherActive struct{ trick.Game }

type otherActiveState struct{ engine.State }

func (g otherActive) New(setup engine.Setup) (engine.State, error) {
	s, err := g.Game.New(setup)
	return otherActiveState{s}, err
}

func (s otherActiveState) View(v engine.Seat) *engine.View {
	view := s.State.View(v)
	view.Active = (s.ToMove() + 1) % engine.Seat(s.Seats())
	return view
}

// The first seat is taken as the seat to move when the first turn begins,
// checked against the view in one game of 64; a game where the two differ
// gets a warning, and the checked games count the view's seat.
func TestFirstSeatShortcutIsChecked(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 200, Seed: 1, Seats: 2})
	if rep.FirstChecked != 4 || rep.FirstDisagreed != 0 {
		t.Fatalf("trick: %d checked, %d disagreed", rep.FirstChecked, rep.FirstDisagreed)
	}
	rep = run(t, sim.Config{Game: otherActive{}, Games: 200, Seed: 1, Seats: 2})
	var text strings.Builder
	rep.WriteText(&text)
	if rep.FirstDisagreed != 4 || !strings.Contains(text.String(), "WARNING: in 4 of 4 checked games") {
		t.Fatalf("%d of %d disagreed:\n%s", rep.FirstDisagreed, rep.FirstChecked, text.String())
	}
	fixed := run(t, sim.Config{Game: otherActive{}, Games: 200, Seed: 1, Seats: 2, First: 2})
	if fixed.FirstChecked != 0 || fixed.FirstWins != fixed.Wins[1] {
		t.Fatalf("--first 2: %d checked, first wins %d, p2 wins %d", fixed.FirstChecked, fixed.FirstWins, fixed.Wins[1])
	}
}

// Identical agents without draws win exactly one game of each mirrored
// deal: the entrant's rate is fixed by the design, and the text says so
// rather than print a huge effective sample.
func TestMirroredIdenticalAgentsEntrantRateIsFixed(t *testing.T) {
	tally := sim.NewTally(sim.Config{Game: trick.Game{}, Seats: 2, Agents: []string{"random"}, Mirror: true})
	for d := 0; d < 100; d++ {
		seat := engine.Seat(d % 2) // the deal favours one seat, whoever sits there
		g := sim.GameResult{Winners: engine.SeatSet(0).With(seat), Reason: "tricks", Turns: 9}
		h := g
		h.Rotation = 1
		tally.AddDeal([]sim.GameResult{g, h})
	}
	rep := tally.Report()
	var text strings.Builder
	rep.WriteText(&text)
	e := rep.EntrantRates[0].WinRate
	if e.Rate != 0.5 || e.Low != 0.5 || e.High != 0.5 || !strings.Contains(text.String(), "unbounded (every deal gave the same rate)") {
		t.Fatalf("entrant rate %+v:\n%s", e, text.String())
	}
}

// The simulator's shortcut for plain specs makes the same agents as
// ai.New: the batches are equal however the agent is spelled.
func TestPlainAgentSpecsMatchTheirSpelledOutForm(t *testing.T) {
	a := run(t, sim.Config{Game: trick.Game{}, Games: 60, Seed: 5, Seats: 2, Agents: []string{"random", "greedy"}, Workers: 1})
	b := run(t, sim.Config{Game: trick.Game{}, Games: 60, Seed: 5, Seats: 2, Agents: []string{"Random", "greedy:decks=hidden"}, Workers: 1})
	if !reflect.DeepEqual(a.Wins, b.Wins) || !reflect.DeepEqual(a.Turns, b.Turns) || a.Actions != b.Actions {
		t.Fatalf("random,greedy: %v; Random,greedy:decks=hidden: %v", a.Wins, b.Wins)
	}
}

// simVariantGame is the trick game asking simulations to play ties=leader.
type simVariantGame struct{ trick.Game }

func (g simVariantGame) Info() engine.Info {
	info := g.Game.Info()
	info.SimVariant = map[string]string{"ties": "leader"}
	return info
}

func TestSimVariantIsPlayedUnlessTheBatchSetsTheKey(t *testing.T) {
	for _, tc := range []struct {
		name  string
		given map[string]string
		want  string
	}{
		{"the game's simulation reading", nil, "leader"},
		{"the batch's own choice", map[string]string{"ties": "nobody"}, "nobody"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := sim.Run(context.Background(), sim.Config{Game: simVariantGame{}, Games: 4, Seed: 1, Seats: 2, Variant: tc.given})
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Variant["ties"]; got != tc.want {
				t.Errorf("the report plays ties=%q, want %q", got, tc.want)
			}
			// The reports name the variant as --variant takes it.
			var text, page bytes.Buffer
			rep.WriteText(&text)
			if err := sim.WriteHTML(&page, sim.Document{Report: rep}); err != nil {
				t.Fatal(err)
			}
			for name, out := range map[string]string{"text": text.String(), "HTML": page.String()} {
				if !strings.Contains(out, "ties="+tc.want) || strings.Contains(out, "map[") {
					t.Errorf("the %s report does not say ties=%s as --variant takes it:\n%s", name, tc.want, out)
				}
			}
			if tc.given != nil && tc.given["ties"] != "nobody" {
				t.Errorf("the batch's variant map was changed: %v", tc.given)
			}
		})
	}
}

// A game won by more than one player (Zynalith's last tie-break, ZY-7.4)
// counts for every winner, so the seats' wins add up to more than the
// games: the report says how many games were shared, in text, JSON and
// HTML, and shards merge the count.
func TestReportCountsSharedWins(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Seats: 2, Agents: []string{"random", "random"}}
	part := func(winners ...engine.SeatSet) *sim.Tally {
		tl := sim.NewTally(cfg)
		for _, w := range winners {
			tl.Add(sim.GameResult{First: 0, Winners: w, Reason: "won"})
		}
		return tl
	}
	whole := part(engine.SeatSet(1), engine.SeatSet(3), engine.SeatSet(2))
	if err := whole.Merge(part(engine.SeatSet(3))); err != nil {
		t.Fatal(err)
	}
	rep := whole.Report()
	if rep.Shared != 2 || rep.Wins[0]+rep.Wins[1] != rep.Games+2 || math.Abs(rep.SharedRate.Rate-0.5) > 1e-9 {
		t.Fatalf("shared %d, wins %v of %d games, rate %+v", rep.Shared, rep.Wins, rep.Games, rep.SharedRate)
	}
	var text, page strings.Builder
	rep.WriteText(&text)
	if err := sim.WriteHTML(&page, sim.Document{Title: "t", Report: rep}); err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(rep)
	for what, out := range map[string]string{"text": text.String(), "HTML": page.String(), "JSON": string(js)} {
		if !strings.Contains(out, "shared") {
			t.Errorf("the %s report does not count the shared wins:\n%s", what, out)
		}
	}
	var plain strings.Builder
	part(engine.SeatSet(1)).Report().WriteText(&plain)
	if strings.Contains(plain.String(), "shared") {
		t.Errorf("a batch without shared wins speaks of them:\n%s", plain.String())
	}
}
