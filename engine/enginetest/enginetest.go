// Package enginetest checks any engine.Game against the kernel's contract
// by playing many random games. Every game package runs it from its tests
// and adds its own rule invariants.
package enginetest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"kartenwerk/engine"
)

// Options configure RandomGames.
type Options struct {
	// Games is how many random games to play (default 200).
	Games int
	// Setup returns the setup of game i; it decides decks, seats and
	// variants. Its Seed should differ per game.
	Setup func(i int) engine.Setup
	// MaxActions per game; a game still running after it fails the test
	// (default 50,000).
	MaxActions int
	// Invariants checks the game's own rules after every action (cards
	// conserved, counters in range...). It may be nil.
	Invariants func(s engine.State) error
	// IllegalPerStep is how many random illegal actions are tried on every
	// state (default 2).
	IllegalPerStep int
	// DeepCheckEvery runs the costly checks (views against
	// determinizations, clone independence) every this many actions
	// (default 5).
	DeepCheckEvery int
	// LeakCheckEvery runs the costliest checks, every legal action's label
	// for every viewer (DescribeLeaks), many determinizations of one state
	// (DeterminizeVaries) and, on one in three of them, every verb taking a
	// card tried on hidden cards (ErrorLeaks), on every this many deep
	// checks (default 4).
	LeakCheckEvery int
	// Skip switches checks off: only for a game known to fail them, until
	// it is fixed. Every check runs by default.
	Skip Checks
	// Player, when set, chooses the actions of game i instead of chance:
	// a player that plays to win (greedy, with some random moves) takes the
	// games where random play seldom goes (a MystiMon evolved to its last
	// stage, an Objective claimed), while every check runs as before. It
	// acts for whichever seat is to move.
	Player func(game int) Player
}

// Player chooses a legal action for the seat to move, leaving the state
// as it found it (an ai.Agent is one).
type Player interface {
	Act(s engine.State) (engine.Action, error)
}

// Summary tells what the random games covered.
type Summary struct {
	Games, Actions int
	Wins           []int // per seat, shared wins counted for each winner
	Draws          int
	Reasons        map[string]int
	// Verbs counts how often each verb was played, by name.
	Verbs map[string]int
}

func (o *Options) defaults() {
	if o.Games == 0 {
		o.Games = 200
	}
	if o.MaxActions == 0 {
		o.MaxActions = 50000
	}
	if o.IllegalPerStep == 0 {
		o.IllegalPerStep = 2
	}
	if o.DeepCheckEvery == 0 {
		o.DeepCheckEvery = 5
	}
	if o.LeakCheckEvery == 0 {
		o.LeakCheckEvery = 4
	}
}

// RandomGames plays random games and after every action checks that:
// the state is consistent (ToMove, Legal, Terminal agree); every legal
// action's text parses back to it; sampled illegal actions are refused
// with the hash unchanged; the game's invariants hold; clones are
// independent; each seat's view equals its view of a determinization (so
// views show nothing the seat cannot know); no hidden card carries an
// identity; no action's label (Describe) and no refused action's error
// names a card hidden from the seat that reads it; a refused action reads
// the same in a determinization for the seat that tried it; every zone
// hidden from a seat changes across its determinizations where the unseen
// cards allow; and at the end the record replays to the same hash.
func RandomGames(t testing.TB, g engine.Game, opt Options) Summary {
	t.Helper()
	sum, err := Check(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// firstGame numbers the random games from an index other than 0, so that a
// long run can play games no earlier run played:
// go test ./games/athernum -long -enginetest.first 20000.
var firstGame = flag.Int("enginetest.first", 0, "number the random games from this index on (games 0 to N-1 are the ones every run plays)")

// recordsDir is where a failing game's record is written, for `kartenwerk
// replay` to show the table as it was: go test ./games/zynalith -long
// -enginetest.records /tmp/failed.
var recordsDir = flag.String("enginetest.records", "", "write the record of a failing random game into this directory")

// Check is RandomGames returning the first failure as an error.
func Check(g engine.Game, opt Options) (Summary, error) {
	opt.defaults()
	sum := Summary{Reasons: map[string]int{}, Verbs: map[string]int{}}
	for i := *firstGame; i < *firstGame+opt.Games; i++ {
		var rec engine.Record
		if err := playOne(g, opt, i, &sum, &rec); err != nil {
			return sum, fmt.Errorf("game %d (seed %d): %v%s", i, opt.Setup(i).Seed, err, saveRecord(*recordsDir, g, i, rec))
		}
	}
	return sum, nil
}

// saveRecord writes rec, the actions of failing game i up to the failure,
// into dir, and says where; it does nothing without a dir.
func saveRecord(dir string, g engine.Game, i int, rec engine.Record) string {
	if dir == "" {
		return ""
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-game-%d.json", g.Info().ID, i))
	data, err := json.MarshalIndent(rec, "", "  ")
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		return fmt.Sprintf("\n(its record could not be written: %v)", err)
	}
	return fmt.Sprintf("\nits record up to there: %s (kartenwerk replay %s --seat all)", path, path)
}

type player struct {
	g      engine.Game
	codec  *engine.ActionCodec
	opt    Options
	rng    engine.RNG
	legal  []engine.Action
	record engine.Record
	// spare is an earlier clone, overwritten by CopyTo to check that a
	// copy over a used state is as good as a fresh clone.
	spare engine.State
	// others keeps a few legal actions of each seat, to try on the others.
	others [][]engine.Action
	// words is the game's action vocabulary (vocabulary), built once.
	words []string
	// deepChecks counts the deep checks done in this game.
	deepChecks int
	// seen holds the ids of the cards each seat has seen this game, as far
	// as the sampled views tell; the last entry is the cards every seat saw.
	seen [engine.MaxSeats + 1]map[int]bool
	// cardNames are the game's card names by Cards() index (checkHand).
	cardNames []string
	// chooser plays the game's actions when Options.Player gives one.
	chooser Player
}

// pick chooses the next action of game i at random. One game in ten
// chooses among all legal actions, so that concessions (engine.Conceder)
// are played too; the others pass them over, so that most games are played
// deep into their rules.
func (p *player) pick(s engine.State, game int) (engine.Action, error) {
	if p.chooser != nil {
		a, err := p.chooser.Act(s)
		if err == nil && !slices.Contains(p.legal, a) {
			err = fmt.Errorf("chose %q, which is not among its %d legal actions", p.codec.Format(a), len(p.legal))
		}
		return a, err
	}
	if game%10 == 9 {
		return p.legal[p.rng.IntN(len(p.legal))], nil
	}
	return engine.RandomAction(s, p.legal, &p.rng), nil
}

// playOne plays random game i, leaving in rec the actions it played.
func playOne(g engine.Game, opt Options, i int, sum *Summary, rec *engine.Record) error {
	setup := opt.Setup(i)
	s, err := g.New(setup)
	if err != nil {
		return fmt.Errorf("setting up the game: %v", err)
	}
	p := &player{g: g, codec: g.Info().Actions, opt: opt, rng: engine.NewRNG(setup.Seed ^ 0xabcdef), record: engine.Record{Setup: setup}}
	if opt.Player != nil {
		p.chooser = opt.Player(i)
	}
	defer func() { *rec = p.record }()
	if sum.Wins == nil {
		sum.Wins = make([]int, engine.MaxSeats)
	}
	lastTurn := s.Turn()
	for step := 0; ; step++ {
		if step > opt.MaxActions {
			return fmt.Errorf("still running after %d actions (turn %d): the game does not end", opt.MaxActions, s.Turn())
		}
		if err := p.checkState(s, step); err != nil {
			return fmt.Errorf("after action %d %s: %v", step, p.lastAction(), err)
		}
		if done, out := s.Terminal(); done {
			sum.Games++
			sum.Actions += step
			sum.Reasons[out.Reason]++
			if out.Draw() {
				sum.Draws++
			}
			for _, w := range out.Winners.Seats() {
				sum.Wins[w]++
			}
			return p.checkReplay(s)
		}
		a, err := p.pick(s, i)
		if err != nil {
			return fmt.Errorf("action %d: the player: %v", step+1, err)
		}
		sum.Verbs[p.verbName(a)]++
		_ = s.Describe(a, s.ToMove())
		_ = s.Describe(a, engine.NoSeat)
		if err := p.record.Append(g, s, a); err != nil {
			return fmt.Errorf("action %d: legal action %q refused: %v", step+1, p.codec.Format(a), err)
		}
		if s.Turn() < lastTurn {
			return fmt.Errorf("turn went back from %d to %d", lastTurn, s.Turn())
		}
		lastTurn = s.Turn()
	}
}

func (p *player) lastAction() string {
	if len(p.record.Actions) == 0 {
		return "(setup)"
	}
	return fmt.Sprintf("%q", p.record.Actions[len(p.record.Actions)-1])
}

func (p *player) verbName(a engine.Action) string {
	if spec, ok := p.codec.Spec(a.Verb); ok {
		return spec.Name
	}
	return "?"
}

func (p *player) checkState(s engine.State, step int) error {
	done, _ := s.Terminal()
	p.legal = s.Legal(p.legal[:0])
	switch {
	case done && len(p.legal) > 0:
		return fmt.Errorf("terminal state lists %d legal actions", len(p.legal))
	case done && s.ToMove() != engine.NoSeat:
		return fmt.Errorf("terminal state has ToMove %v", s.ToMove())
	case !done && len(p.legal) == 0:
		return fmt.Errorf("%v to move but has no legal action", s.ToMove())
	case !done && (s.ToMove() < 0 || int(s.ToMove()) >= s.Seats()):
		return fmt.Errorf("ToMove %v is not a seat of %d", s.ToMove(), s.Seats())
	}
	if err := p.checkLegalList(); err != nil {
		return err
	}
	if p.opt.Invariants != nil {
		if err := p.opt.Invariants(s); err != nil {
			return fmt.Errorf("invariant: %v", err)
		}
	}
	if err := p.checkIllegal(s); err != nil {
		return err
	}
	if step%p.opt.DeepCheckEvery == 0 || done {
		if err := p.deepCheck(s); err != nil {
			return err
		}
	}
	p.rememberLegal(s.ToMove())
	if step%rememberEvery == 0 {
		p.remember(s, engine.NoSeat)
	}
	return nil
}

// checkLegalList: no duplicates, and every action's text reads back to it.
func (p *player) checkLegalList() error {
	for i, a := range p.legal {
		text := p.codec.Format(a)
		back, err := p.codec.Parse(text)
		if err != nil || back != a {
			return fmt.Errorf("legal action %q does not read back (%v, %v)", text, back, err)
		}
		if slices.Contains(p.legal[:i], a) {
			return fmt.Errorf("legal action %q listed twice", text)
		}
	}
	return nil
}

// checkIllegal tries actions Legal does not list: random ones and near
// misses of legal ones. Each must be refused with the hash unchanged.
func (p *player) checkIllegal(s engine.State) error {
	verbs := len(p.codec.Verbs())
	before := s.Hash()
	for k := 0; k < p.opt.IllegalPerStep; k++ {
		var a engine.Action
		if a = p.nearMiss(); a.Verb == 0 {
			a.Verb = engine.Verb(p.rng.IntN(verbs + 2))
			for j := range a.Args {
				a.Args[j] = int16(p.rng.IntN(70) - 3)
			}
		}
		if engine.Contains(p.legal, a) {
			continue
		}
		if err := s.Apply(a); err == nil {
			return fmt.Errorf("illegal action %q (%v) was accepted", p.codec.Format(a), a)
		} else if err.Error() == "" {
			return fmt.Errorf("illegal action %q refused with an empty message", p.codec.Format(a))
		}
		if s.Hash() != before {
			return fmt.Errorf("refused action %q changed the state", p.codec.Format(a))
		}
	}
	return nil
}

// nearMiss changes one argument of a random legal action a little, or
// returns the zero action when the chosen one has no arguments.
func (p *player) nearMiss() engine.Action {
	if len(p.legal) == 0 {
		return engine.Action{}
	}
	a := p.legal[p.rng.IntN(len(p.legal))]
	spec, _ := p.codec.Spec(a.Verb)
	if len(spec.Args) == 0 {
		return engine.Action{}
	}
	a.Args[p.rng.IntN(len(spec.Args))] += int16(p.rng.IntN(5) - 2)
	return a
}

// sweepOneIn: one leak-check state in this many also tries every verb
// that takes a card on hidden cards (checkErrors), a few states a game.
const sweepOneIn = 3

func (p *player) deepCheck(s engine.State) error {
	if err := p.checkClone(s); err != nil {
		return err
	}
	for seat := engine.Seat(0); int(seat) < s.Seats(); seat++ {
		if err := p.checkView(s, seat); err != nil {
			return err
		}
		if err := p.checkHand(s, seat); err != nil {
			return err
		}
		p.remember(s, seat)
	}
	p.deepChecks++
	leakCheck := p.deepChecks%p.opt.LeakCheckEvery == 1 || p.opt.LeakCheckEvery == 1
	if err := p.checkErrors(s, leakCheck && p.rng.IntN(sweepOneIn) == 0); err != nil {
		return err
	}
	if !leakCheck {
		return nil
	}
	if err := p.checkDescribe(s); err != nil {
		return err
	}
	return p.checkVariation(s)
}

func (p *player) checkClone(s engine.State) error {
	before := s.Hash()
	c := s.Clone()
	if c.Hash() != before {
		return fmt.Errorf("clone hash %x differs from original %x", c.Hash(), before)
	}
	if len(p.legal) > 0 {
		if err := c.Apply(p.legal[p.rng.IntN(len(p.legal))]); err != nil {
			return fmt.Errorf("legal action refused by a clone: %v", err)
		}
	}
	if s.Hash() != before {
		return fmt.Errorf("playing on a clone changed the original")
	}
	return p.checkCopy(s, c)
}

// checkCopy checks CopyTo as checkClone checks Clone, copying over a state
// of another moment of the game so that nothing of it may survive.
func (p *player) checkCopy(s, clone engine.State) error {
	cp, ok := s.(engine.Copier)
	if !ok {
		return nil
	}
	defer func() { p.spare = clone }()
	if p.spare == nil {
		return nil
	}
	before := s.Hash()
	if !cp.CopyTo(p.spare) {
		return fmt.Errorf("CopyTo refused a state of its own game")
	}
	if cp.CopyTo(s) {
		return fmt.Errorf("CopyTo accepted the state itself as its destination")
	}
	d := p.spare
	if d.Hash() != before {
		return fmt.Errorf("copy hash %x differs from original %x", d.Hash(), before)
	}
	if got := d.Legal(nil); !slices.Equal(got, p.legal) {
		return fmt.Errorf("a copy lists %d legal actions, the original %d", len(got), len(p.legal))
	}
	if len(p.legal) > 0 {
		if err := d.Apply(p.legal[p.rng.IntN(len(p.legal))]); err != nil {
			return fmt.Errorf("legal action refused by a copy: %v", err)
		}
	}
	if s.Hash() != before {
		return fmt.Errorf("playing on a copy changed the original")
	}
	return nil
}

// checkView: what seat sees must not change when everything it cannot see
// is resampled; the same for a spectator; and hidden cards carry no name.
func (p *player) checkView(s engine.State, seat engine.Seat) error {
	before := s.Hash()
	r := p.rng.Split()
	d := s.Determinize(seat, &r)
	if s.Hash() != before {
		return fmt.Errorf("Determinize(%v) changed the original state", seat)
	}
	for _, viewer := range []engine.Seat{seat, engine.NoSeat} {
		v1, err := viewJSON(s, viewer)
		if err != nil {
			return err
		}
		v2, err := viewJSON(d, viewer)
		if err != nil {
			return err
		}
		if !bytes.Equal(v1, v2) {
			return fmt.Errorf("view of %v changes under Determinize(%v): the view shows hidden information, or Determinize changes what %v has seen\n real: %s\n det:  %s", viewer, seat, seat, v1, v2)
		}
	}
	// Determinizing the real state and an equivalent one (d) with the same
	// random stream must give the same state: the result may depend only on
	// what seat knows. Agents rely on this to be blind to hidden cards.
	r2 := p.rng.Split()
	r3 := r2
	if a, b := s.Determinize(seat, &r2), d.Determinize(seat, &r3); a.Hash() != b.Hash() {
		return fmt.Errorf("Determinize(%v) depends on hidden information: two states %v cannot tell apart determinize differently with the same random stream (sort hidden pools, e.g. by card id, before shuffling them)", seat, seat)
	}
	if s.ToMove() == seat {
		l1 := s.Legal(nil)
		l2 := d.Legal(nil)
		if !sameSet(l1, l2) {
			return fmt.Errorf("%v's legal actions change under Determinize: %v vs %v", seat, p.texts(l1), p.texts(l2))
		}
	}
	return checkHiddenCards(s.View(seat))
}

func viewJSON(s engine.State, viewer engine.Seat) ([]byte, error) {
	v := s.View(viewer)
	if v == nil {
		return nil, fmt.Errorf("View(%v) is nil", viewer)
	}
	if v.Viewer != viewer {
		return nil, fmt.Errorf("View(%v).Viewer is %v", viewer, v.Viewer)
	}
	return json.Marshal(v)
}

func checkHiddenCards(v *engine.View) error {
	var err error
	v.Walk(func(_ engine.Seat, zone string, c *engine.CardView) {
		if c.Hidden && (c.ID >= 0 || c.Name != "") && err == nil {
			err = fmt.Errorf("hidden card in %s shows id %d / name %q", zone, c.ID, c.Name)
		}
	})
	return err
}

func sameSet(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !engine.Contains(b, x) {
			return false
		}
	}
	return true
}

func (p *player) texts(as []engine.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = p.codec.Format(a)
	}
	return out
}

func (p *player) checkReplay(s engine.State) error {
	p.record.Hash = s.Hash()
	r, err := engine.Replay(p.g, p.record)
	if err != nil {
		return fmt.Errorf("replay: %v", err)
	}
	if r.Hash() != s.Hash() {
		return fmt.Errorf("replay hash %x differs from the game's %x", r.Hash(), s.Hash())
	}
	return nil
}
