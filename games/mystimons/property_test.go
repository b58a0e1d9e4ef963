package mystimons

import (
	"flag"
	"fmt"
	"sort"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

var long = flag.Bool("long", false, "play many more random games")

// variantMix gives game i a mix of the variants.
func variantMix(i int) map[string]string {
	v := map[string]string{}
	for k, spec := range variants {
		opts := spec.Options
		v[spec.Key] = opts[(i/(k+1))%len(opts)]
	}
	if i%10 != 9 {
		v[varSurrender] = "last-stand" // any-time surrender ends most random games at once
	}
	return v
}

func randomSetup(i int) engine.Setup {
	return engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i)*7919 + 1, Variant: variantMix(i)}
}

// invariants checks the rules' caps and that every card is in exactly one place.
func invariants(st engine.State) error {
	s := st.(*state)
	where := make([]int, s.nCards+1)
	for seat := range s.p {
		p := &s.p[seat]
		for zi, l := range []*list{&p.deck, &p.hand, &p.discard, &p.pool} {
			want := []uint8{zDeck, zHand, zDiscard, zPool}[zi]
			for _, c := range l.s() {
				where[c]++
				if s.cards[c].zone != want || int(s.cards[c].owner) != seat {
					return fmt.Errorf("card %d listed in %s of p%d has zone %s owner %d", c, zoneNames[want], seat+1, zoneNames[s.cards[c].zone], s.cards[c].owner)
				}
			}
		}
		for i, m := range p.field {
			if m == 0 {
				continue
			}
			where[m]++
			c := &s.cards[m]
			if c.zone != zField || int(c.owner) != seat {
				return fmt.Errorf("field card %d has zone %s", m, zoneNames[c.zone])
			}
			if !s.over && c.hp <= 0 {
				return fmt.Errorf("MystiMon %d at %d HP is still in play (MM-5.8)", m, c.hp)
			}
			if c.hp > s.def(m).hp {
				return fmt.Errorf("MystiMon %d has %d HP over its max %d", m, c.hp, s.def(m).hp)
			}
			if i == 2 && p.field[1] == 0 {
				return fmt.Errorf("bench slot 2 used with slot 1 empty")
			}
			units := int8(0)
			for j := int16(1); j <= s.nCards; j++ {
				if x := &s.cards[j]; x.host == m && x.zone == zEnergy {
					units += x.units
					if !s.canAttach(j, m) {
						return fmt.Errorf("energy %s attached to %s of another element (MM-4.2A)", s.def(j).name, s.def(m).name)
					}
				}
			}
			if err := stackOK(s, m); err != nil {
				return err
			}
			if units != c.energy {
				return fmt.Errorf("MystiMon %d counts %d energy, %d attached", m, c.energy, units)
			}
		}
		if !s.over && s.phase != phSetup && p.field[0] == 0 && s.promote < 0 {
			return fmt.Errorf("p%d has no Active outside a refill (MM-5.9)", seat+1)
		}
		if s.relicsInPlay(seat) > 3 {
			return fmt.Errorf("p%d has %d relics in play (MM-2.8)", seat+1, s.relicsInPlay(seat))
		}
		for _, r := range p.relics[:p.nRelics] {
			where[r]++
		}
		if !s.over && s.phase == phMain && seat == int(s.active) && p.hand.n > 60 {
			return fmt.Errorf("hand too big")
		}
	}
	if s.terrain != 0 {
		where[s.terrain]++
	}
	for c := int16(1); c <= s.nCards; c++ {
		z := s.cards[c].zone
		if z == zEnergy || z == zRelic || z == zUnder {
			h := s.cards[c].host
			if h <= 0 || s.cards[h].zone != zField {
				return fmt.Errorf("card %d lies on %d, which is not in play", c, h)
			}
			where[c]++
		}
		if where[c] != 1 {
			return fmt.Errorf("card %d (%s, zone %s) is in %d places", c, s.def(c).name, zoneNames[z], where[c])
		}
	}
	if !s.over && s.phase != phDiscard && s.phase != phSetup && s.p[1-s.active].hand.n > 10+60 {
		return fmt.Errorf("hand limit")
	}
	if s.phase == phEnergy && s.p[s.active].energyDone {
		return fmt.Errorf("second energy placement offered (MM-4.2)")
	}
	return nil
}

func TestRandomGames(t *testing.T) {
	n := 2000
	if *long {
		n = 20000
	}
	sum := enginetest.RandomGames(t, New(), enginetest.Options{Games: n, Setup: randomSetup, Invariants: invariants, DeepCheckEvery: 15})
	t.Logf("%d games, %d actions, wins %v, draws %d, reasons %v", sum.Games, sum.Actions, sum.Wins[:2], sum.Draws, sum.Reasons)
	for _, v := range []string{"evolve", "confirm", "attack", "promote", "discard", "play-on", "surrender"} {
		if sum.Verbs[v] == 0 {
			t.Errorf("no random game played %q", v)
		}
	}
}

// TestGamesPlayedToWin: games between players who play to win (greedy,
// one move in four at random) go where random play seldom does, and every
// check of the random games holds there too.
func TestGamesPlayedToWin(t *testing.T) {
	n := 200
	if *long {
		n = 3000
	}
	sum := enginetest.RandomGames(t, New(), enginetest.Options{Games: n, Setup: randomSetup, Invariants: invariants, DeepCheckEvery: 15,
		Player: func(i int) enginetest.Player { return ai.NewNoisy(0.25, uint64(i)+1) }})
	t.Logf("%d games, %d actions, reasons %v, draws %d, verbs %v", sum.Games, sum.Actions, sum.Reasons, sum.Draws, sum.Verbs)
}

// stackOK: the cards under MystiMon m are exactly its evolution line below
// it (MM-5.2), or nothing for a Ritual-summoned Champion (MM-5.3).
func stackOK(s *state, m int16) error {
	var under []string
	for j := int16(1); j <= s.nCards; j++ {
		if x := &s.cards[j]; x.host == m && x.zone == zUnder {
			under = append(under, s.def(j).name)
		}
	}
	d := s.def(m)
	if d.stage == 5 && len(under) == 0 {
		return nil
	}
	var chain []string
	for f := d.from; f >= 0; f = s.pool.defs[f].from {
		chain = append(chain, s.pool.defs[f].name)
	}
	sort.Strings(under)
	sort.Strings(chain)
	if fmt.Sprint(under) != fmt.Sprint(chain) {
		return fmt.Errorf("%s (c%d) lies on %v, its line below is %v", d.name, m, under, chain)
	}
	return nil
}

// TestDeterminizedPlayouts plays determinized copies to the end, as search
// agents do: a resampled state must stay a consistent game (a player still
// to place an Active holds a Stufe-1 MystiMon, and so on).
func TestDeterminizedPlayouts(t *testing.T) {
	g := New()
	var legal []engine.Action
	for i := 0; i < 50; i++ {
		st, _ := g.New(randomSetup(i))
		r := engine.NewRNG(uint64(i))
		for step := 0; ; step++ {
			if done, _ := st.Terminal(); done {
				break
			}
			if step%4 == 0 {
				for seat := engine.Seat(0); seat < 2; seat++ {
					d := st.Determinize(seat, &r)
					for n := 0; n < 400; n++ {
						if done, _ := d.Terminal(); done {
							break
						}
						legal = d.Legal(legal[:0])
						if len(legal) == 0 {
							t.Fatalf("game %d step %d: determinized for %v, no legal action in phase %s", i, step, seat, phaseNames[d.(*state).phase])
						}
						if err := d.Apply(legal[r.IntN(len(legal))]); err != nil {
							t.Fatal(err)
						}
						if err := invariants(d); err != nil {
							t.Fatalf("game %d: determinized for %v: %v", i, seat, err)
						}
					}
				}
			}
			legal = st.Legal(legal[:0])
			if err := st.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestEvaluateAndPlayedCard(t *testing.T) {
	s := pos(t, "", duel("active: [Flaru]\n      bench: [Embrix]\n      hand: [Potion]\n      pool: [Fire Energy]", "active: [{card: Aquor, counters: {hp: 5}}]"))
	if e := s.Evaluate(0); e <= 0.5 || e >= 1 {
		t.Fatalf("p1 is ahead: %v", e)
	}
	if e0, e1 := s.Evaluate(0), s.Evaluate(1); e0+e1 < 0.999 || e0+e1 > 1.001 {
		t.Fatalf("evaluations %v + %v should sum to 1", e0, e1)
	}
	a, _ := codec.Parse(text(t, s, "play-on {Potion} {Flaru}"))
	if i := s.PlayedCard(a); New().Cards()[i].Name != "Potion" {
		t.Fatalf("played card %d", i)
	}
	if s.PlayedCard(act(vEnd, 0, 0)) != -1 {
		t.Fatal("end plays no card")
	}
	do(t, s, "attack a0 {p2:Aquor}")
	if s.Evaluate(0) != 1 || s.Evaluate(1) != 0 {
		t.Fatal("a won game evaluates 1 and 0")
	}
}

// Every card's text, every action in both forms, every view's words and
// every result read completely in German, English and Czech, over a few
// random games with the variants mixed.
func TestLanguages(t *testing.T) {
	enginetest.CheckLanguages(t, New(), randomSetup, 6)
}
