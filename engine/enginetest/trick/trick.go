// Package trick is a tiny trick-taking game that exercises the kernel: it
// has hidden hands, hidden decks, a variant, positions and 2-4 seats. The
// kernel's own tests, the simulator's and the agents' use it, so they do
// not depend on any real game; it is not registered.
//
// Each seat has the cards One to Nine, shuffled, and holds three (a deck
// is One to Nine once each: TR-2). Starting
// with the leader, every seat plays a card face up; the highest wins the
// trick and leads the next; everyone draws back to three. When all cards
// are played, the most tricks wins.
package trick

import (
	"fmt"
	"slices"

	"kartenwerk/engine"
)

const (
	perSeat  = 9
	handSize = 3
)

var names = [perSeat]string{"One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"}

// Game is the trick game. Its flags break it on purpose, for tests that
// must catch such bugs: Leak makes views show every hand, Unsorted makes
// Determinize depend on the hidden order of cards, LeakLabel makes
// Describe name the mover's remaining hand, LeakError makes a refused
// play name the card, TellingError makes a refused play of a card in
// another seat's hand say so (naming no card, but telling a hand from a
// deck), KeepHands makes Determinize leave other seats' hands as they
// are, and ShortHand makes HandCards leave out a seat's last card.
//
// Recycle changes the rules, not to break them: a trick's cards go under
// their owners' decks, and the game ends after nine tricks. The last card
// of a trick is then shown in passing (engine.PassingShower): played face
// up and put into a deck by the same action. ForgetShown breaks that:
// the game forgets which cards it has shown.
type Game struct {
	Leak, Unsorted, LeakLabel, LeakError, TellingError, KeepHands, ShortHand bool
	Recycle, ForgetShown                                                     bool
}

var (
	codec    = engine.NewCodec(engine.VerbSpec{Name: "play", Args: []engine.ArgKind{engine.ArgCard}, Help: "play a card from your hand"})
	verbPlay = codec.Verb("play")
)

// Info describes the game.
func (Game) Info() engine.Info {
	return engine.Info{ID: "trick", Name: "Trick", RulesID: "TR", MinSeats: 2, MaxSeats: 4,
		Summary: "A test game: play high cards, take tricks.",
		Variants: []engine.VariantSpec{{Key: "ties", Options: []string{"nobody", "leader"}, Default: "nobody",
			Rule: "TR-1", Doc: "who takes a tied trick"}},
		Actions: codec}
}

// Cards lists One to Nine.
func (Game) Cards() []engine.CardInfo {
	out := make([]engine.CardInfo, perSeat)
	for i, n := range names {
		out[i] = engine.CardInfo{Name: n, Kind: "number", Stats: []engine.Stat{{Name: "value", Value: i + 1}},
			Text: fmt.Sprintf("Worth %d.", i+1)}
	}
	return out
}

// Presets has the one deck there is.
func (Game) Presets() []engine.DeckList {
	d := engine.DeckList{Name: "standard"}
	for _, n := range names {
		d.Entries = append(d.Entries, engine.DeckEntry{Count: 1, Card: n})
	}
	return []engine.DeckList{d}
}

// ValidateDeck accepts exactly One to Nine once each (TR-2).
func (Game) ValidateDeck(d engine.DeckList) []engine.Problem {
	var ps []engine.Problem
	seen := map[string]bool{}
	for _, e := range d.Entries {
		if valueOf(e.Card) == 0 {
			ps = append(ps, d.Problem(e, "no such card", "use One to Nine"))
		} else if e.Count != 1 || seen[e.Card] {
			ps = append(ps, d.Problem(e, "each card once (TR-2)", "list it once with count 1"))
		}
		seen[e.Card] = true
	}
	if len(seen) != perSeat && len(ps) == 0 {
		ps = append(ps, engine.Problem{File: d.Source, Msg: fmt.Sprintf("the deck has %d different cards, it needs 9 (TR-2)", len(seen))})
	}
	return ps
}

func valueOf(name string) int {
	return engine.IndexFold(names[:], name) + 1
}

// State is a trick game in progress. Card id c belongs to seat c/9 and is
// worth c%9+1.
type State struct {
	broken     Game // the flags that break it on purpose
	tiesLeader bool
	seats      int
	decks      [][]int16 // top is the last element
	hands      [][]int16
	table      []int16 // per seat, -1 when not played yet this trick
	tricks     []int
	shown      []uint8 // by card id: the times it was played face up; no play depends on it, so Hash leaves it out
	leader     engine.Seat
	toMove     engine.Seat
	turn       int
	done       bool
	out        engine.Outcome
	rng        engine.RNG
}

// New deals a game.
func (g Game) New(setup engine.Setup) (engine.State, error) {
	s, err := g.empty(setup)
	if err != nil {
		return nil, err
	}
	for p := 0; p < s.seats; p++ {
		for v := 0; v < perSeat; v++ {
			s.decks[p] = append(s.decks[p], int16(p*perSeat+v))
		}
		engine.Shuffle(&s.rng, s.decks[p])
		s.drawUp(p)
	}
	if setup.First == 0 {
		s.leader = engine.Seat(s.rng.IntN(s.seats))
	}
	s.toMove = s.leader
	return s, nil
}

func (g Game) empty(setup engine.Setup) (*State, error) {
	if setup.Seats < 2 || setup.Seats > 4 {
		return nil, fmt.Errorf("trick takes 2 to 4 seats, not %d", setup.Seats)
	}
	v, err := engine.ResolveVariants(g.Info().Variants, setup.Variant)
	if err != nil {
		return nil, err
	}
	for i, d := range setup.Decks {
		if ps := g.ValidateDeck(d); len(ps) > 0 {
			return nil, fmt.Errorf("deck of p%d: %w", i+1, engine.Problems(ps))
		}
	}
	n := setup.Seats
	s := &State{broken: g, tiesLeader: v["ties"] == "leader", seats: n, turn: 1,
		decks: make([][]int16, n), hands: make([][]int16, n), table: make([]int16, n),
		tricks: make([]int, n), shown: make([]uint8, n*perSeat), rng: engine.NewRNG(setup.Seed)}
	for i := range s.table {
		s.table[i] = -1
	}
	if setup.First > 0 {
		s.leader = engine.Seat(setup.First - 1)
	}
	return s, nil
}

func (s *State) drawUp(p int) {
	for len(s.hands[p]) < handSize && len(s.decks[p]) > 0 {
		top := s.decks[p][len(s.decks[p])-1]
		s.decks[p] = s.decks[p][:len(s.decks[p])-1]
		s.hands[p] = append(s.hands[p], top)
	}
}

// Seats is the number of players.
func (s *State) Seats() int { return s.seats }

// ToMove is the seat to play.
func (s *State) ToMove() engine.Seat {
	if s.done {
		return engine.NoSeat
	}
	return s.toMove
}

// Turn counts tricks begun.
func (s *State) Turn() int { return s.turn }

// Legal lists the cards in hand.
func (s *State) Legal(dst []engine.Action) []engine.Action {
	if s.done {
		return dst
	}
	for _, c := range s.hands[s.toMove] {
		dst = append(dst, engine.Action{Verb: verbPlay, Args: [4]int16{c}})
	}
	return dst
}

// Apply plays a card.
func (s *State) Apply(a engine.Action) error {
	if s.done {
		return fmt.Errorf("the game is over")
	}
	if a.Verb != verbPlay || a.Args[1] != 0 || a.Args[2] != 0 || a.Args[3] != 0 {
		return fmt.Errorf("the only action is play <card>")
	}
	p := int(s.toMove)
	i := indexOf(s.hands[p], a.Args[0])
	if i < 0 {
		if s.broken.LeakError && a.Args[0] >= 0 && int(a.Args[0]) < perSeat*s.seats {
			return fmt.Errorf("c%d (%s) is not in %v's hand", a.Args[0], cardName(a.Args[0]), s.toMove)
		}
		if s.broken.TellingError && s.inSomeHand(a.Args[0]) {
			return fmt.Errorf("c%d is in another player's hand", a.Args[0])
		}
		return fmt.Errorf("c%d is not in %v's hand", a.Args[0], s.toMove)
	}
	s.hands[p] = append(s.hands[p][:i], s.hands[p][i+1:]...)
	s.table[p] = a.Args[0]
	s.shown[a.Args[0]]++
	s.toMove = engine.Seat((p + 1) % s.seats)
	if s.toMove == s.leader {
		s.endTrick()
	}
	return nil
}

func (s *State) endTrick() {
	best, winner, tie := -1, engine.NoSeat, false
	for p, c := range s.table {
		v := int(c) % perSeat
		switch {
		case v > best:
			best, winner, tie = v, engine.Seat(p), false
		case v == best:
			tie = true
		}
	}
	if tie && s.tiesLeader {
		winner, tie = s.leader, false
	}
	if !tie {
		s.tricks[winner]++
		s.leader = winner
	}
	for p, c := range s.table {
		if s.broken.Recycle {
			s.decks[p] = slices.Insert(s.decks[p], 0, c)
		}
		s.table[p] = -1
		s.drawUp(p)
	}
	s.toMove = s.leader
	if len(s.hands[0]) == 0 || s.broken.Recycle && s.turn == perSeat {
		s.finish()
		return
	}
	s.turn++
}

func (s *State) finish() {
	s.done = true
	best := -1
	for p, t := range s.tricks {
		switch {
		case t > best:
			best, s.out.Winners = t, engine.SeatSet(0).With(engine.Seat(p))
		case t == best:
			s.out.Winners = s.out.Winners.With(engine.Seat(p))
		}
	}
	s.out.Reason = "tricks"
	if s.out.Winners.Len() == s.seats {
		s.out.Winners = 0
	}
}

func (s *State) inSomeHand(c int16) bool {
	return slices.ContainsFunc(s.hands, func(h []int16) bool { return indexOf(h, c) >= 0 })
}

func indexOf(s []int16, c int16) int {
	for i, x := range s {
		if x == c {
			return i
		}
	}
	return -1
}

// Terminal reports the end.
func (s *State) Terminal() (bool, engine.Outcome) { return s.done, s.out }

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	c.decks = cloneAll(s.decks)
	c.hands = cloneAll(s.hands)
	c.table = append([]int16(nil), s.table...)
	c.tricks = append([]int(nil), s.tricks...)
	c.shown = slices.Clone(s.shown)
	return &c
}

func cloneAll(z [][]int16) [][]int16 {
	out := make([][]int16, len(z))
	for i, x := range z {
		out[i] = append(make([]int16, 0, perSeat), x...)
	}
	return out
}

// Determinize reshuffles every deck, and other seats' hands with them.
func (s *State) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*State)
	for p := 0; p < c.seats; p++ {
		if engine.Seat(p) == seat || s.broken.KeepHands {
			c.sort(c.decks[p])
			engine.Shuffle(r, c.decks[p])
			continue
		}
		pool := append(append([]int16(nil), c.hands[p]...), c.decks[p]...)
		c.sort(pool) // so that the result depends only on what seat knows
		engine.Shuffle(r, pool)
		n := len(c.hands[p])
		c.hands[p] = append(c.hands[p][:0], pool[:n]...)
		c.decks[p] = append(c.decks[p][:0], pool[n:]...)
	}
	c.rng = r.Split()
	return c
}

func (s *State) sort(cards []int16) {
	if !s.broken.Unsorted {
		slices.Sort(cards)
	}
}

// Hash summarises the state.
func (s *State) Hash() uint64 {
	h := engine.NewHasher()
	for p := 0; p < s.seats; p++ {
		h.Int16s(s.decks[p])
		h.Int16s(s.hands[p])
	}
	h.Int16s(s.table)
	h.Ints(s.tricks)
	h.Int(int(s.leader))
	h.Int(int(s.toMove))
	h.Int(s.turn)
	h.Bool(s.done)
	s.rng.Mix(&h)
	return h.Sum()
}

// TimesShown counts the times card id was played face up
// (engine.PassingShower).
func (s *State) TimesShown(id int) int {
	if s.broken.ForgetShown || id < 0 || id >= len(s.shown) {
		return 0
	}
	return int(s.shown[id])
}

// PlayedCard is the index of the card a plays in Cards().
func (s *State) PlayedCard(a engine.Action) int { return int(a.Args[0]) % perSeat }

// HandCards appends the Cards() index of each card in seat's hand.
func (s *State) HandCards(seat engine.Seat, dst []int) []int {
	hand := s.hands[seat]
	if s.broken.ShortHand && len(hand) > 0 {
		hand = hand[:len(hand)-1]
	}
	for _, c := range hand {
		dst = append(dst, int(c)%perSeat)
	}
	return dst
}

// Describe labels an action.
func (s *State) Describe(a engine.Action, viewer engine.Seat) string {
	label := fmt.Sprintf("%v plays %s", s.toMove, cardName(a.Args[0]))
	if s.broken.LeakLabel {
		for _, c := range s.hands[s.toMove] {
			if c != a.Args[0] {
				label += ", keeps " + cardName(c)
			}
		}
	}
	return label
}

func cardName(c int16) string { return names[int(c)%perSeat] }

// View shows the table.
func (s *State) View(viewer engine.Seat) *engine.View {
	v := &engine.View{Game: "trick", Viewer: viewer, Turn: s.turn, Phase: "play", Active: s.leader, ToMove: s.ToMove()}
	if s.done {
		v.Result = engine.ResultOf(s.out)
	}
	for p := 0; p < s.seats; p++ {
		seat := engine.Seat(p)
		pv := engine.PlayerView{Seat: seat, Name: seat.String(), Counters: []engine.Stat{{Name: "tricks", Value: s.tricks[p]}}}
		hand := engine.Zone{Name: "hand", Visibility: engine.Owner, Count: len(s.hands[p])}
		if viewer == seat || viewer == engine.Omniscient || s.broken.Leak {
			hand.Cards = cardViews(s.hands[p], seat)
		}
		deck := engine.Zone{Name: "deck", Visibility: engine.Private, Count: len(s.decks[p])}
		if viewer == engine.Omniscient {
			deck.Cards = cardViews(reversed(s.decks[p]), seat)
		}
		table := engine.Zone{Name: "table", Visibility: engine.Public}
		if s.table[p] >= 0 {
			table.Count = 1
			table.Cards = cardViews(s.table[p:p+1], seat)
		}
		pv.Zones = []engine.Zone{hand, deck, table}
		v.Players = append(v.Players, pv)
	}
	return v
}

func reversed(s []int16) []int16 {
	out := make([]int16, len(s))
	for i, c := range s {
		out[len(s)-1-i] = c
	}
	return out
}

func cardViews(ids []int16, owner engine.Seat) []engine.CardView {
	out := make([]engine.CardView, len(ids))
	for i, c := range ids {
		out[i] = engine.CardView{ID: int(c), Name: cardName(c), Owner: owner,
			Stats: []engine.Stat{{Name: "value", Value: int(c)%perSeat + 1}}}
	}
	return out
}

// FromPosition sets up hands, decks (top first) and tables by card name.
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	setup.Seats = max(setup.Seats, len(pos.Seats))
	s, err := g.empty(setup)
	if err != nil {
		return nil, err
	}
	var ps engine.Problems
	for p, sp := range pos.Seats {
		for zone, cards := range sp.Zones {
			for _, spec := range cards {
				v := valueOf(spec.Card)
				if v == 0 {
					ps = append(ps, engine.Problem{Subject: spec.Card, Msg: "no such card", Fix: "use One to Nine"})
					continue
				}
				id := int16(p*perSeat + v - 1)
				switch zone {
				case "hand":
					s.hands[p] = append(s.hands[p], id)
				case "deck":
					s.decks[p] = append([]int16{id}, s.decks[p]...)
				case "table":
					s.table[p], s.shown[id] = id, 1
				default:
					ps = append(ps, engine.Problem{Subject: zone, Msg: "no such zone", Fix: "use hand, deck or table"})
				}
			}
		}
		s.tricks[p] = sp.Counters["tricks"]
	}
	s.leader, s.toMove = pos.Active, pos.Active
	if pos.Turn > 0 {
		s.turn = pos.Turn
	}
	return s, ps.Err()
}

// Measures reports the most tricks one seat took and, when there were
// any, the tied tricks nobody took (engine.Measurer).
func (s *State) Measures(dst []engine.Measure) []engine.Measure {
	most, taken := 0, 0
	for _, n := range s.tricks {
		most, taken = max(most, n), taken+n
	}
	dst = append(dst, engine.Measure{Name: "most tricks taken", Value: most})
	if tied := s.turn - taken; tied > 0 {
		dst = append(dst, engine.Measure{Name: "tied tricks", Value: tied})
	}
	return dst
}
