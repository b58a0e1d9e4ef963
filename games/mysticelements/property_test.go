package mysticelements

import (
	"flag"
	"fmt"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

var long = flag.Bool("long", false, "play many more random games")

// randomSetup mixes variants, preset decks and colour picks at setup.
func randomSetup(i int) engine.Setup {
	r := engine.NewRNG(uint64(i) * 7919)
	v := map[string]string{}
	if r.IntN(3) == 0 {
		v["redraw"] = "wonders"
	}
	if r.IntN(3) == 0 {
		v["antiracist"] = "on"
	}
	if r.IntN(3) == 0 {
		v["recycling"] = "on"
	}
	if r.IntN(5) == 0 {
		v["round"] = "all-turns"
	}
	if r.IntN(5) == 0 {
		v["exhausted-defender"] = "unharmed"
	}
	if r.IntN(5) == 0 {
		v["charm-targets"] = "as-printed"
	}
	setup := engine.Setup{Game: "mysticelements", Seats: 2, Seed: uint64(i) + 1, Variant: v}
	if r.IntN(2) == 0 {
		ps := Game{}.Presets()
		a := r.IntN(len(ps))
		b := r.IntN(len(ps))
		if a == b || overlap(ps[a], ps[b]) {
			setup.Variant["colours"] = "shared"
		}
		setup.Decks = []engine.DeckList{ps[a], ps[b]}
	}
	return setup
}

func overlap(a, b engine.DeckList) bool {
	ca, _ := deckColours(defaultPool(), a)
	cb, _ := deckColours(defaultPool(), b)
	for _, x := range ca {
		for _, y := range cb {
			if x == y {
				return true
			}
		}
	}
	return false
}

// invariants checks the game's own rules after every action.
func invariants(es engine.State) error {
	s := es.(*state)
	var where [maxCards]int
	for seat := int8(0); seat < 2; seat++ {
		p := &s.p[seat]
		for z := zDeck; z <= zDeep; z++ {
			for _, id := range s.pileOf(seat, z).slice() {
				if id <= 0 || id >= s.ncards {
					return fmt.Errorf("bad card id %d in p%d %s", id, seat+1, zoneNames[z])
				}
				where[id]++
				c := &s.cards[id]
				if c.zone != z || c.seat != seat {
					return fmt.Errorf("c%d is in p%d %s but records %s of p%d", id, seat+1, zoneNames[z], zoneNames[c.zone], c.seat+1)
				}
				if z != zBattle && (c.dmg != 0 || c.tok != 0 || c.host != 0 || c.seat != c.owner || c.bonP != 0 || c.bonH != 0 || c.kw != s.def(id).Keywords || c.colour != s.def(id).Colour) {
					return fmt.Errorf("c%d outside the battle keeps markers or sits with p%d", id, seat+1)
				}
			}
		}
		if p.limitMod < -5 || p.limitMod > 5 || p.quiet < 0 || p.round < 0 || p.played < p.wonders || p.wonders < 0 {
			return fmt.Errorf("p%d counters out of range: limit %+d, quiet %d, round %d, played %d, wonders %d", seat+1, p.limitMod, p.quiet, p.round, p.played, p.wonders)
		}
		if s.cardLimit(seat) > 5+5+6+6 { // base, effects, and the limit cards of two decks
			return fmt.Errorf("p%d card limit %d", seat+1, s.cardLimit(seat))
		}
		for _, id := range p.battle.slice() {
			if c := &s.cards[id]; c.dmg < 0 || (c.kind != kUnit && (c.dmg != 0 || c.tok != 0)) {
				return fmt.Errorf("c%d has damage %d, tokens %d", id, c.dmg, c.tok)
			}
		}
		for c := 0; c < nColours; c++ {
			if p.energy[c] < 0 {
				return fmt.Errorf("p%d has negative %s energy", seat+1, colourNames[c])
			}
		}
		if s.phase == phRedraw || (s.phase != phOver && s.phase != phKeep && s.active != seat) {
			if p.energyTotal() > 5 {
				return fmt.Errorf("p%d keeps %d energy after cleanup (ME-4.6)", seat+1, p.energyTotal())
			}
		}
		if s.phase != phPick && p.energyTotal() > 10 {
			return fmt.Errorf("p%d has %d energy: 5 carried + 5 gained is the most", seat+1, p.energyTotal())
		}
	}
	for id := int16(1); id < s.ncards; id++ {
		c := &s.cards[id]
		if c.zone == zStack {
			if !s.res.active || s.res.src != id {
				return fmt.Errorf("c%d is on the stack but is not resolving", id)
			}
			where[id]++
		}
		if where[id] != 1 {
			return fmt.Errorf("c%d is in %d zones", id, where[id])
		}
		if c.zone == zBattle && s.def(id).Kind == kUnit && int(c.dmg) >= s.health(id) {
			return fmt.Errorf("c%d should be dead: damage %d, health %d (ME-5.11)", id, c.dmg, s.health(id))
		}
		if c.zone == zBattle && s.def(id).Kind == kCharm {
			h := c.host
			if h <= 0 || s.cards[h].zone != zBattle {
				return fmt.Errorf("charm c%d is attached to c%d, which is not in the battle (ME-2.9)", id, h)
			}
		}
	}
	if s.phase != phPick && s.ncards != 91 {
		return fmt.Errorf("%d cards, want 90", s.ncards-1)
	}
	return nil
}

func TestRandomGames(t *testing.T) {
	games := 2000
	if *long {
		games = 20000
	}
	if testing.Short() {
		games = 200
	}
	sum := enginetest.RandomGames(t, Game{}, enginetest.Options{Games: games, Setup: randomSetup, Invariants: invariants, DeepCheckEvery: 10})
	t.Logf("games %d, actions %d (%.0f/game), wins %v, draws %d, reasons %v", sum.Games, sum.Actions, float64(sum.Actions)/float64(sum.Games), sum.Wins[:2], sum.Draws, sum.Reasons)
	t.Logf("verbs %v", sum.Verbs)
	for _, v := range []string{"pick", "gain", "play", "use", "activate", "attack", "plunder", "end", "pay", "reverse", "target", "target-player", "convert", "discard", "strike", "hold", "trigger", "keep", "redraw", "done"} {
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
	sum := enginetest.RandomGames(t, Game{}, enginetest.Options{Games: n, Setup: randomSetup, Invariants: invariants, DeepCheckEvery: 10,
		Player: func(i int) enginetest.Player { return ai.NewNoisy(0.25, uint64(i)+1) }})
	t.Logf("%d games, %d actions, reasons %v, draws %d, verbs %v", sum.Games, sum.Actions, sum.Reasons, sum.Draws, sum.Verbs)
}

// Every card's text, every action in both forms, every view's words and
// every result read completely in German, English and Czech, over a few
// random games with the variants mixed.
func TestLanguages(t *testing.T) {
	enginetest.CheckLanguages(t, Game{}, randomSetup, 6)
}
