package ai_test

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// peeking lets a search see every hidden card and every future roll: the
// worlds it samples are the true one. It exists only here, to measure how
// much of a game's outcome play can change at all.
type peeking struct{ engine.State }

func (p peeking) Determinize(engine.Seat, *engine.RNG) engine.State { return p.State.Clone() }

// handPeeking lets a search see every card each seat holds and which
// cards each deck still has, but not the decks' order or the rolls to
// come: its worlds are the true one with the luck redrawn
// (engine.LuckResampler). Between the fair search and the peeking one, it
// tells reading the opponent's cards from foreknowing the shuffle and the
// dice.
type handPeeking struct{ engine.State }

func (p handPeeking) Determinize(_ engine.Seat, r *engine.RNG) engine.State {
	return p.State.(engine.LuckResampler).ResampleLuck(r)
}

// BenchmarkSkillCeiling plays ISMCTS (1000 iterations) against greedy and
// against random in every game, one mirrored deal per iteration (each
// agent once in each seat), twice on the same deal: seeing only its own
// view ("fair-%") and seeing everything ("peek-%"), the win rates reported
// as metrics with the share of the peeking search's margin over 50% that
// the fair one reaches ("margin-%"). When even the peeking search barely
// beats its opponent, the deal, not the play, decides most games. Run it
// with e.g. -benchtime 100x for 200 games per figure; TestSkillCeiling
// gives the same figures with their intervals.
func BenchmarkSkillCeiling(b *testing.B) {
	for _, g := range engine.Games() {
		for _, opponent := range []string{"greedy", "random"} {
			b.Run(g.Info().ID+"/vs-"+opponent, func(b *testing.B) {
				var deals []pairedDeal
				for b.Loop() {
					deals = append(deals, playPairedDeal(b, g, "ismcts", opponent, uint64(len(deals)+1)))
				}
				fair, peek := pairedRates(deals)
				b.ReportMetric(100*fair, "fair-%")
				b.ReportMetric(100*peek, "peek-%")
				b.ReportMetric(100*marginRatio(fair, peek), "margin-%")
			})
		}
	}
}

// The settings of TestSkillCeiling, which runs only when -ceiling.game is
// given, e.g.
//
//	GOMAXPROCS=1 go test -run TestSkillCeiling -timeout 0 ./ai/ -args \
//	  -ceiling.game mystimons -ceiling.search ismcts:iters=1000 -ceiling.deals 200
var (
	ceilingGame     = flag.String("ceiling.game", "", "game id: measure the skill ceiling of this game")
	ceilingSearch   = flag.String("ceiling.search", "ismcts", "agent spec of the search, played fair and peeking")
	ceilingOpponent = flag.String("ceiling.opponent", "greedy", "agent spec of the opponent")
	ceilingDeals    = flag.Int("ceiling.deals", 100, "mirrored deals (each is four games: fair and peeking, from each seat)")
	ceilingFirst    = flag.Uint64("ceiling.first", 1, "seed of the first deal")
	ceilingWorkers  = flag.Int("ceiling.workers", 1, "deals played at once, each on its own goroutine")
	ceilingRecord   = flag.String("ceiling.record", "", "file of finished deals: each deal is appended as it ends, and deals already in it are not played again, so that a stopped run resumes")
	ceilingPeek     = flag.String("ceiling.peek", "all", "what the peeking search sees: all (every hidden card and future roll) or hands (every card each seat holds and each deck's cards, not the decks' order or the rolls to come; the game must be an engine.LuckResampler)")
	ceilingSkipFair = flag.Bool("ceiling.skip-fair", false, "play only the peeking games, for comparing a -ceiling.peek mode with an earlier run's fair figures (the record's fair figures are then NaN)")
	ceilingPeekFrom = flag.String("ceiling.peek-from", "", "record of an earlier run (lines \"deal fair peek\") whose peeking figures are taken instead of playing the peeking games again; sound when the peeking search plays as it did then, as a change that keys the tree by what the action path already fixes leaves it")
)

// TestSkillCeiling measures how much of the skill ceiling a search
// reaches: the search seeing only its seat's view and the same search
// seeing every hidden card and future roll play the same deals against
// the same opponent, each deal from both seats, and the report gives both
// win rates with their 95% Wilson intervals by deal and the share of the
// ceiling's margin over 50% that the fair search reaches, with its 95%
// bootstrap interval over deals. It logs the running figures every ten
// deals, so a long run read half-way still says something. A deal's
// figures do not depend on the deals played beside it or before it, so
// -ceiling.workers and a resumed -ceiling.record give the same figures.
func TestSkillCeiling(t *testing.T) {
	if *ceilingGame == "" {
		t.Skip("a measurement, not a check: give -ceiling.game to run it")
	}
	g, err := engine.Lookup(*ceilingGame)
	if err != nil {
		t.Fatalf("-ceiling.game: %v", err)
	}
	if err := checkPeekMode(g, *ceilingPeek); err != nil {
		t.Fatalf("-ceiling.peek: %v", err)
	}
	if *ceilingSkipFair && *ceilingPeekFrom != "" {
		t.Fatal("-ceiling.skip-fair plays only the peeking games and -ceiling.peek-from only the fair ones: give one of them")
	}
	record, err := openCeilingRecord(*ceilingRecord)
	if err != nil {
		t.Fatalf("-ceiling.record: %v", err)
	}
	defer record.Close()
	peeks, err := readPeeks(*ceilingPeekFrom, *ceilingFirst, *ceilingDeals)
	if err != nil {
		t.Fatalf("-ceiling.peek-from: %v", err)
	}
	var todo []uint64
	for d := range uint64(*ceilingDeals) {
		if _, played := record.deals[*ceilingFirst+d]; !played {
			todo = append(todo, *ceilingFirst+d)
		}
	}
	for err := range playDeals(g, todo, max(1, *ceilingWorkers), record, peeks) {
		t.Fatal(err)
	}
	t.Log(describeCeiling(record.sorted()))
}

// playDeals plays the deals on that many goroutines, adding each to the
// record as it ends and logging the figures every ten; it yields the
// first failure, if any. A deal in peeks takes its peeking figure from
// there instead of playing the peeking games.
func playDeals(g engine.Game, todo []uint64, workers int, record *dealRecord, peeks map[uint64]float64) func(yield func(error) bool) {
	return func(yield func(error) bool) {
		next := make(chan uint64)
		failed := make(chan error, workers)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for deal := range next {
					d, err := pairedDealOf(g, *ceilingSearch, *ceilingOpponent, deal, peeks)
					if err == nil {
						err = record.add(deal, d)
					}
					if err != nil {
						failed <- err
						return
					}
				}
			})
		}
		go func() {
			defer close(next)
			for _, deal := range todo {
				if len(failed) > 0 {
					return
				}
				next <- deal
			}
		}()
		wg.Wait()
		close(failed)
		if err, ok := <-failed; ok {
			yield(err)
		}
	}
}

// dealRecord is the deals a measurement has finished, kept in a file
// of lines "deal fair peek" when one is named.
type dealRecord struct {
	mu    sync.Mutex
	deals map[uint64]pairedDeal
	file  *os.File
}

func openCeilingRecord(path string) (*dealRecord, error) {
	r := &dealRecord{deals: map[uint64]pairedDeal{}}
	if path == "" {
		return r, nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	if r.deals, err = readDeals(f, path); err != nil {
		f.Close()
		return nil, err
	}
	r.file = f
	return r, nil
}

// readDeals reads the lines "deal fair peek" of the record named path.
func readDeals(f io.Reader, path string) (map[uint64]pairedDeal, error) {
	deals := map[uint64]pairedDeal{}
	lines := bufio.NewScanner(f)
	for n := 1; lines.Scan(); n++ {
		var deal uint64
		var d pairedDeal
		if _, err := fmt.Sscanf(lines.Text(), "%d %g %g", &deal, &d.fair, &d.peek); err != nil {
			return nil, fmt.Errorf("%s:%d: %q is not \"deal fair peek\": %w", path, n, lines.Text(), err)
		}
		deals[deal] = d
	}
	return deals, lines.Err()
}

// readRecordFile reads the record named path.
func readRecordFile(path string) (map[uint64]pairedDeal, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readDeals(f, path)
}

// readPeeks takes the peeking figures of deals first to first+n-1 from
// the record named path, none when path is empty; a deal the record
// lacks is an error, since the run could not be compared deal by deal.
func readPeeks(path string, first uint64, n int) (map[uint64]float64, error) {
	if path == "" {
		return nil, nil
	}
	deals, err := readRecordFile(path)
	if err != nil {
		return nil, err
	}
	peeks := make(map[uint64]float64, n)
	for deal := first; deal < first+uint64(n); deal++ {
		d, ok := deals[deal]
		if !ok {
			return nil, fmt.Errorf("%s has no line for deal %d: play the peeking games of that deal (drop -ceiling.peek-from) or give fewer -ceiling.deals", path, deal)
		}
		peeks[deal] = d.peek
	}
	return peeks, nil
}

// add notes a finished deal, in the file too, and logs the figures at
// every tenth deal.
func (r *dealRecord) add(deal uint64, d pairedDeal) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deals[deal] = d
	if len(r.deals)%10 == 0 {
		fmt.Println(describeCeiling(r.sortedLocked()))
	}
	if r.file == nil {
		return nil
	}
	_, err := fmt.Fprintf(r.file, "%d %g %g\n", deal, d.fair, d.peek)
	return err
}

func (r *dealRecord) sorted() []pairedDeal {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sortedLocked()
}

// sortedLocked is the deals in the order of their seeds, so that the
// bootstrap resamples the same list whatever order they ended in.
func (r *dealRecord) sortedLocked() []pairedDeal {
	var out []pairedDeal
	for _, deal := range slices.Sorted(maps.Keys(r.deals)) {
		out = append(out, r.deals[deal])
	}
	return out
}

func (r *dealRecord) Close() {
	if r.file != nil {
		r.file.Close()
	}
}

// pairedDeal holds a search's rewards on one mirrored deal, summed over
// both seats: fair and peeking.
type pairedDeal struct{ fair, peek float64 }

// playPairedDeal plays the deal from both seats, the fair and the
// peeking search each, all four games with the same seeds.
func playPairedDeal(tb testing.TB, g engine.Game, search, opponent string, deal uint64) pairedDeal {
	d, err := pairedDealOf(g, search, opponent, deal, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// pairedDealOf is playPairedDeal for any goroutine: it returns what
// fails. When peeks holds the deal, its peeking figure comes from there
// and only the fair games are played.
func pairedDealOf(g engine.Game, search, opponent string, deal uint64, peeks map[uint64]float64) (pairedDeal, error) {
	var d pairedDeal
	sides := []bool{false, true}
	if peek, known := peeks[deal]; known {
		d.peek, sides = peek, sides[:1]
	}
	if *ceilingSkipFair {
		d.fair, sides = math.NaN(), sides[1:]
	}
	for seat := engine.Seat(0); seat < 2; seat++ {
		for _, peek := range sides {
			reward, err := searchVs(g, search, opponent, deal, seat, peek)
			if err != nil {
				return d, fmt.Errorf("deal %d, seat %d, peeking %v: %w", deal, seat, peek, err)
			}
			if peek {
				d.peek += reward
			} else {
				d.fair += reward
			}
		}
	}
	return d, nil
}

// describeCeiling states the figures of the deals played so far.
func describeCeiling(deals []pairedDeal) string {
	fair, peek := pairedRates(deals)
	fl, fh := dealWilson(deals, func(d pairedDeal) float64 { return d.fair })
	pl, ph := dealWilson(deals, func(d pairedDeal) float64 { return d.peek })
	if math.IsNaN(fair) { // -ceiling.skip-fair
		return fmt.Sprintf("%d deals (%d games): fair not played, peek %.1f%% [%.1f, %.1f]", len(deals), 2*len(deals), 100*peek, 100*pl, 100*ph)
	}
	rl, rh := bootstrapMarginRatio(deals, 10000, 1)
	return fmt.Sprintf("%d deals (%d games each side): fair %.1f%% [%.1f, %.1f], peek %.1f%% [%.1f, %.1f], margin ratio %.0f%% [%.0f, %.0f]",
		len(deals), 2*len(deals), 100*fair, 100*fl, 100*fh, 100*peek, 100*pl, 100*ph,
		100*marginRatio(fair, peek), 100*rl, 100*rh)
}

// searchVs plays one game of deal with the search in seat against the
// opponent and returns the search's reward.
func searchVs(g engine.Game, search, opponent string, deal uint64, seat engine.Seat, peek bool) (float64, error) {
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: deal})
	if err != nil {
		return 0, err
	}
	searcher, err := ai.New(search, deal)
	if err != nil {
		return 0, err
	}
	other, err := ai.New(opponent, deal)
	if err != nil {
		return 0, err
	}
	for {
		done, out := s.Terminal()
		if done {
			return out.Reward(seat), nil
		}
		var a engine.Action
		switch {
		case s.ToMove() != seat:
			a, err = other.Act(s)
		default:
			a, err = searcher.Act(seen(s, peek))
		}
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			return 0, err
		}
	}
}

// seen is what the search is handed: the state itself, whose hidden
// cards it can only sample, or, peeking, the state whose samples are the
// true world.
func seen(s engine.State, peek bool) engine.State {
	switch {
	case !peek:
		return s
	case *ceilingPeek == "hands":
		return handPeeking{s}
	}
	return peeking{s}
}

// checkPeekMode refuses a -ceiling.peek mode that is unknown or that the
// game cannot give.
func checkPeekMode(g engine.Game, mode string) error {
	switch mode {
	case "all":
		return nil
	case "hands":
		s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: 1})
		if err != nil {
			return err
		}
		if _, ok := s.(engine.LuckResampler); !ok {
			return fmt.Errorf("%s cannot redraw its luck alone (engine.LuckResampler): use -ceiling.peek all", g.Info().ID)
		}
		return nil
	}
	return fmt.Errorf("%q is neither all nor hands", mode)
}

// The fair games hand the search the state itself and the peeking games
// the peeking wrapper, every decision: a fair game that peeked would
// report the ceiling as the fair figure.
func TestSkillCeilingFairGamesDoNotPeek(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	for _, peek := range []bool{false, true} {
		probe.decisions, probe.peeked = 0, 0
		if _, err := searchVs(g, "peekprobe", "greedy", 1, 0, peek); err != nil {
			t.Fatal(err)
		}
		want := 0
		if peek {
			want = probe.decisions
		}
		if probe.decisions == 0 || probe.peeked != want {
			t.Errorf("peeking %v: the search was handed the peeking state at %d of %d decisions, want %d",
				peek, probe.peeked, probe.decisions, want)
		}
	}
}

// probe counts the decisions of the "peekprobe" agent, and those at
// which it was handed the peeking wrapper.
var probe struct{ decisions, peeked int }

func init() {
	ai.Register(ai.Kind{Name: "peekprobe", Doc: "test agent: random play that counts the peeking states it is handed",
		New: func(_ ai.Params, seed uint64) (ai.Agent, error) { return peekProbe{ai.NewRandom(seed)}, nil }})
}

type peekProbe struct{ ai.Agent }

func (p peekProbe) Act(s engine.State) (engine.Action, error) {
	probe.decisions++
	if _, ok := s.(peeking); ok {
		probe.peeked++
	}
	return p.Agent.Act(s)
}

// In the peeking search's worlds, which are the true state, what a seat
// holds at a node follows from the actions that led there, so keying the
// tree by private cards splits nothing: the peeking search plays the same
// games, move for move, with and without the keying. That is what lets
// -ceiling.peek-from take the peeking figures of a run made without it.
func TestInfoKeyingLeavesThePeekingSearchAlone(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	for deal := uint64(1); deal <= 5; deal++ {
		var games [][]engine.Action
		for _, info := range []ai.InfoKeying{ai.InfoNone, ai.InfoOwn, ai.InfoAll} {
			games = append(games, peekingGame(t, g, deal, ai.ISMCTSOptions{Iterations: 1000, Exploration: 0.7, Info: info}))
		}
		for k, info := range []string{"own", "all"} {
			if !slices.Equal(games[k+1], games[0]) {
				t.Errorf("deal %d: with info=%s the peeking search played otherwise (%d actions) than without keying (%d)",
					deal, info, len(games[k+1]), len(games[0]))
			}
		}
	}
}

// peekingGame plays deal with the peeking search o in seat 0 against
// greedy and returns the actions of both seats.
func peekingGame(t *testing.T, g engine.Game, deal uint64, o ai.ISMCTSOptions) []engine.Action {
	return searchGame(t, g, deal, o, true)
}

// fairGame is peekingGame with the search seeing only its seat's view.
func fairGame(t *testing.T, g engine.Game, deal uint64, o ai.ISMCTSOptions) []engine.Action {
	return searchGame(t, g, deal, o, false)
}

func searchGame(t *testing.T, g engine.Game, deal uint64, o ai.ISMCTSOptions, peek bool) []engine.Action {
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: deal})
	if err != nil {
		t.Fatal(err)
	}
	searcher, other := ai.NewISMCTS(o, deal), ai.NewGreedy(deal)
	var played []engine.Action
	for done, _ := s.Terminal(); !done; done, _ = s.Terminal() {
		var a engine.Action
		if s.ToMove() == 0 {
			a, err = searcher.Act(seen(s, peek))
		} else {
			a, err = other.Act(s)
		}
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			t.Fatal(err)
		}
		played = append(played, a)
	}
	return played
}

// The hand-peeking search's worlds show the opponent's hand as it is,
// where the fair search's resample it: each world's view of the opponent
// is the true one.
func TestHandPeekingSeesTheOpponentsHand(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(engine.Setup{Game: "mystimons", Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	random := ai.NewRandom(3)
	for range 12 {
		a, err := random.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	truth := string(s.View(1).AppendJSON(nil))
	r := engine.NewRNG(9)
	fairKept := 0
	for range 20 {
		if got := string(handPeeking{s}.Determinize(0, &r).View(1).AppendJSON(nil)); got != truth {
			t.Fatalf("a hand-peeking world shows the opponent otherwise:\n%s\nwant\n%s", got, truth)
		}
		if string(s.Determinize(0, &r).View(1).AppendJSON(nil)) == truth {
			fairKept++
		}
	}
	if fairKept == 20 {
		t.Error("every fair world showed the opponent's true hand too: the test's position hides nothing")
	}
}

// ceilingCompare names two figures of finished runs to set against each
// other deal by deal, e.g. "all.rec:fair,hands.rec:peek".
var ceilingCompare = flag.String("ceiling.compare", "", "two figures of records, \"LOW.rec:fair|peek,HIGH.rec:fair|peek\": report the share of HIGH's margin over 50% that LOW reaches, paired by deal, with its 95% bootstrap interval (for example the fair search against the hand-peeking one)")

// TestSkillCeilingCompare sets one figure of a record against another,
// deal by deal over the deals both hold: the share of the higher one's
// margin over 50% that the lower one reaches, with the bootstrap interval
// TestSkillCeiling gives its own ratio. It runs only with
// -ceiling.compare.
func TestSkillCeilingCompare(t *testing.T) {
	if *ceilingCompare == "" {
		t.Skip("a measurement, not a check: give -ceiling.compare to run it")
	}
	deals, err := compareRecords(*ceilingCompare)
	if err != nil {
		t.Fatalf("-ceiling.compare: %v", err)
	}
	t.Log(strings.NewReplacer("fair", "low", "peek", "high").Replace(describeCeiling(deals)))
}

// compareRecords reads "LOW.rec:side,HIGH.rec:side" into deals whose fair
// figure is LOW's and whose peeking figure is HIGH's, for the deals both
// records hold, in the order of their seeds.
func compareRecords(spec string) ([]pairedDeal, error) {
	low, high, ok := strings.Cut(spec, ",")
	if !ok {
		return nil, fmt.Errorf("%q is not \"LOW.rec:side,HIGH.rec:side\"", spec)
	}
	lows, err := recordSide(low)
	if err != nil {
		return nil, err
	}
	highs, err := recordSide(high)
	if err != nil {
		return nil, err
	}
	var deals []pairedDeal
	for _, deal := range slices.Sorted(maps.Keys(lows)) {
		if h, both := highs[deal]; both {
			deals = append(deals, pairedDeal{fair: lows[deal], peek: h})
		}
	}
	if len(deals) == 0 {
		return nil, fmt.Errorf("%s and %s share no deal", low, high)
	}
	return deals, nil
}

// recordSide reads one side ("fair" or "peek") of the record named in
// "FILE:side", by deal: the deals whose games of that side were played.
func recordSide(spec string) (map[uint64]float64, error) {
	path, side, _ := strings.Cut(spec, ":")
	if side != "fair" && side != "peek" {
		return nil, fmt.Errorf("%q: name the side after the file, FILE:fair or FILE:peek", spec)
	}
	deals, err := readRecordFile(path)
	if err != nil {
		return nil, err
	}
	out := make(map[uint64]float64, len(deals))
	for deal, d := range deals {
		v := d.fair
		if side == "peek" {
			v = d.peek
		}
		if !math.IsNaN(v) { // NaN: the run did not play that side of the deal
			out[deal] = v
		}
	}
	return out, nil
}

// Records are compared deal by deal over the deals whose figures both
// hold, and two figures that share no deal are refused.
func TestCompareRecords(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.rec", "1 1 2\n2 0 1\n3 2 2\n")
	b := write("b.rec", "2 NaN 2\n3 NaN 1\n4 NaN 0\n")
	deals, err := compareRecords(a + ":fair," + b + ":peek")
	if err != nil {
		t.Fatal(err)
	}
	if want := []pairedDeal{{0, 2}, {2, 1}}; !slices.Equal(deals, want) {
		t.Errorf("paired %v, want %v", deals, want)
	}
	for _, bad := range []string{a + ":peek," + b + ":fair", a + ":fair", a + ":both," + b + ":peek", a + ":fair," + dir + "/none.rec:peek"} {
		if _, err := compareRecords(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
