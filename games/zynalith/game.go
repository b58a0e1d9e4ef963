// Package zynalith implements Zynalith (rules digest prefix ZY): five rounds
// of drafting and buying from a shared market with events, a Silver and
// Zynalith economy, and creatures fighting in initiative-ordered combat lines.
//
// The package reads like the rulebook: setup.go (ZY-3), turn.go (ZY-4),
// actions.go (ZY-5.1 to ZY-5.9), combat.go (ZY-5.13 to ZY-5.18), effects.go
// (ZY-6), end.go (ZY-7), validate.go (ZY-8 and the presets), cards.go with
// cards/*.yaml (the pool), ability.go (the ability language), cardtext.go
// (the generated rules text), withcards.go (loading them, and a designer's
// extra cards and stack lists).
//
// Where the digest leaves a gap, this package decides as follows:
//   - A turn's main action is chosen in two steps ("main play", then
//     "play c12"), which keeps the choice small for search. Passing ends
//     the turn at once (side actions come before it). Side actions are
//     unbounded, as ZY-4.5 says; the variant side-actions=capped lets
//     each creature change position once a turn and allows 4 swaps.
//   - Counters (ZY-5.9) are offered after a card is paid and played, before
//     its effects, to each other living player who might hold one (judged
//     on public facts only), once each; one "cancel" ends the window. A
//     counter that needs no played card is also a side action in the own
//     turn. A played counter resolves and is discarded.
//   - Combat lines are fixed when combat starts; creatures that die leave
//     the lines still to come. A player with no creature left in a line
//     when its winner strikes counts as absent (ZY-10.4).
//   - Properties and equipment add their printed stats and keywords to
//     their creature. An extra attached to an opposing creature belongs to
//     that creature's front (its VP count there) and has no abilities.
//   - Kind triggers (Zauber, Ausrüstung, Eigenschaft, Gier) fire on every
//     card in play, the card just played included.
//   - "draw N owner" draws blind from the creature stack.
//   - Spent events stay in the discard pile when a stack is reshuffled.
//   - A Gesichtsloser Krieger with no creature to its left is 0/0/1.
//   - When all remaining players fall at once they share the win.
package zynalith

import (
	"kartenwerk/engine"
)

// Game is the Zynalith rules.
type Game struct {
	// cards is the card pool with its presets; nil means the shipped one.
	cards *cardSet
}

func init() { engine.Register(Game{}) }

// codec writes and reads the actions; its verbs are numbered in list order.
var codec = engine.NewCodec(
	engine.VerbSpec{Name: "pick", Args: []engine.ArgKind{engine.ArgCard}, Help: "take a market card into your hand (free in the draft, 1 Silver in a round) (ZY-3.4, ZY-5.1)"},
	engine.VerbSpec{Name: "blind", Args: []engine.ArgKind{argStack}, Help: "take the top card of a stack blind (free in the draft, 1 Silver in a round) (ZY-5.1)"},
	engine.VerbSpec{Name: "play", Args: []engine.ArgKind{engine.ArgCard}, Help: "pay for a creature from hand or market and put it in your front (ZY-5.2)"},
	engine.VerbSpec{Name: "attach", Args: []engine.ArgKind{engine.ArgCard, {Name: "creature", Prefix: "c"}}, Help: "pay for an extra from hand or market and attach it to a creature (ZY-5.2, ZY-5.10)"},
	engine.VerbSpec{Name: "banish", Args: []engine.ArgKind{engine.ArgCard}, Help: "banish your creature for its cost minus 1 Silver (ZY-5.3)"},
	engine.VerbSpec{Name: "redraw", Args: []engine.ArgKind{argStack, engine.ArgCard}, Help: "discard a hand card to redraw a market row (ZY-5.4)"},
	engine.VerbSpec{Name: "pass", Help: "pass for the rest of the round (ZY-5.5)"},
	engine.VerbSpec{Name: "main", Args: []engine.ArgKind{engine.ArgEnum("action", mainNames...)}, Help: "choose the kind of your main action; its card comes next"},
	engine.VerbSpec{Name: "defend", Args: []engine.ArgKind{engine.ArgCard}, Help: "put your creature in defense position (ZY-5.7)"},
	engine.VerbSpec{Name: "attack", Args: []engine.ArgKind{engine.ArgCard}, Help: "put your creature back in attack position (ZY-5.7)"},
	engine.VerbSpec{Name: "swap", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "swap two of your creatures with the same INIT (ZY-5.6)"},
	engine.VerbSpec{Name: "sell", Help: "sell 1 Zynalith for 2 Silver (ZY-5.8)"},
	engine.VerbSpec{Name: "counter", Args: []engine.ArgKind{engine.ArgCard}, Help: "play a counter from hand or market (ZY-5.9)"},
	engine.VerbSpec{Name: "decline", Help: "play no counter now"},
	engine.VerbSpec{Name: "end", Help: "end your turn"},
)

var argStack = engine.ArgEnum("stack", stackNames...)

// Verbs, looked up in the codec by name, so that the order of its list
// cannot change what they mean.
var (
	vPick    = codec.Verb("pick")
	vBlind   = codec.Verb("blind")
	vPlay    = codec.Verb("play")
	vAttach  = codec.Verb("attach")
	vBanish  = codec.Verb("banish")
	vRedraw  = codec.Verb("redraw")
	vPass    = codec.Verb("pass")
	vMain    = codec.Verb("main")
	vDefend  = codec.Verb("defend")
	vAttack  = codec.Verb("attack")
	vSwap    = codec.Verb("swap")
	vSell    = codec.Verb("sell")
	vCounter = codec.Verb("counter")
	vDecline = codec.Verb("decline")
	vEnd     = codec.Verb("end")
)

// Variants: the readings of ZY-10 that change play.
var variants = []engine.VariantSpec{
	{Key: "combat", Options: []string{"round", "turn", "end"}, Default: "round", Rule: "ZY-10.1",
		Doc: "when combat happens: once per round after all passed (round), after every turn (turn), or once after round 5 (end)"},
	{Key: "actions", Options: []string{"until-pass", "one-per-round"}, Default: "until-pass", Rule: "ZY-10.2",
		Doc: "turns go round until every player passed (until-pass), or each player has exactly one turn per round (one-per-round)"},
	{Key: "charge", Options: []string{"immediate", "twice"}, Default: "immediate", Rule: "ZY-10.7",
		Doc: "Sturmangriff fights its line at once when played (immediate), or its line is fought twice in combat (twice)"},
	{Key: "lines", Options: []string{"position", "packed"}, Default: "position", Rule: "ZY-10.3",
		Doc: "lines count defending creatures as gaps (position) or only attacking creatures, packed (packed)"},
	{Key: "unopposed", Options: []string{"direct", "nothing"}, Default: "direct", Rule: "ZY-10.4",
		Doc: "a line's winner hits each absent opponent directly (direct) or does nothing to them (nothing)"},
	{Key: "defense", Options: []string{"per-creature", "by-cost"}, Default: "per-creature", Rule: "ZY-9.2",
		Doc: "each defending creature gives 1 defense (per-creature), or by its cost: 0-7 none, 8-11 one, 12+ two (by-cost)"},
	{Key: "side-actions", Options: []string{"unbounded", "capped"}, Default: "unbounded", Rule: "ZY-4.5",
		Doc: "position changes and swaps any number of times a turn (unbounded), or each creature changes position once a turn and a turn allows 4 swaps (capped)"},
}

type options struct {
	combat, actions, charge, lines, unopposed, defense, sides uint8
}

func (o options) bits() uint64 {
	return uint64(o.combat) | uint64(o.actions)<<8 | uint64(o.charge)<<16 | uint64(o.lines)<<24 | uint64(o.unopposed)<<32 | uint64(o.defense)<<40 | uint64(o.sides)<<48
}

// Side-action readings (ZY-4.5, ZY-5.6, ZY-5.7).
const (
	sidesUnbounded uint8 = iota
	sidesCapped
)

// Combat schedules (ZY-10.1).
const (
	combatRound uint8 = iota
	combatTurn
	combatEnd
)

func parseOptions(chosen map[string]string) (options, error) {
	m, err := engine.ResolveVariants(variants, chosen)
	if err != nil {
		return options{}, err
	}
	idx := func(key string) uint8 {
		for _, v := range variants {
			if v.Key == key {
				for i, o := range v.Options {
					if o == m[key] {
						return uint8(i)
					}
				}
			}
		}
		return 0
	}
	return options{combat: idx("combat"), actions: idx("actions"), charge: idx("charge"), lines: idx("lines"), unopposed: idx("unopposed"), defense: idx("defense"), sides: idx("side-actions")}, nil
}

// SignedCounters names the counters Zynalith counts below zero: a
// player's HP, which damage takes to 0 or less as it eliminates them
// (ZY-1.2, ZY-7.1).
func (Game) SignedCounters() []string { return []string{"hp"} }

// HandsChosen reports that the hands fill only from the market and the
// stacks' tops, by each player's picks (ZY-3.4, ZY-5.1): see
// engine.HandChooser.
func (Game) HandsChosen() bool { return true }

// Info describes Zynalith.
func (Game) Info() engine.Info {
	return engine.Info{
		ID: "zynalith", Name: "Zynalith", RulesID: "ZY", MinSeats: 2, MaxSeats: maxSeats,
		Summary:  "Five rounds of drafting from a shared market with events; Silver and Zynalith buy creatures that fight in initiative-ordered lines; last alive or most VP wins.",
		Variants: variants,
		Actions:  codec,
		// Every turn but a pass spends Silver or a hand card, so rounds
		// end; random 6-player games take about 160 turns, 200 at most.
		TurnCap: 2000,
		// Side actions without a cap (ZY-4.5) cost random play only 9% more
		// actions, but a search finds one position change as good as the
		// next and wandered for 2,451 actions a game instead of 134, so
		// simulations play the capped reading unless told otherwise.
		SimVariant: map[string]string{"side-actions": "capped"},
	}
}

// New starts a game. Zynalith has no personal decks (ZY-8.1): Setup.Decks
// may be empty (the standard stacks) or give the shared stacks' list once
// (or the same list for every seat).
func (g Game) New(setup engine.Setup) (engine.State, error) {
	s, list, err := g.prepare(setup)
	if err != nil {
		return nil, err
	}
	s.deal(list, setup.First)
	return s, nil
}

func (g Game) prepare(setup engine.Setup) (*State, stackList, error) {
	if setup.Seats < 2 || setup.Seats > maxSeats {
		return nil, nil, words.Errorf("setup.seats", "max", maxSeats, "n", setup.Seats)
	}
	opt, err := parseOptions(setup.Variant)
	if err != nil {
		return nil, nil, err
	}
	if setup.First < 0 || setup.First > setup.Seats {
		return nil, nil, words.Errorf("setup.first", "n", setup.First, "seats", setup.Seats)
	}
	p := g.pool()
	list := p.standard
	if len(setup.Decks) > 0 {
		for i, d := range setup.Decks {
			if ps := validateDeck(p, d); len(ps) > 0 {
				return nil, nil, engine.Problems(ps)
			}
			if i > 0 && !sameList(d, setup.Decks[0]) {
				return nil, nil, words.Errorf("setup.stacks_differ")
			}
		}
		list = resolve(p, setup.Decks[0])
	}
	s := &State{pool: p, opt: opt, rng: engine.NewRNG(setup.Seed), seats: int8(setup.Seats)}
	return s, list, nil
}

func sameList(a, b engine.DeckList) bool {
	if len(a.Entries) != len(b.Entries) {
		return false
	}
	for i := range a.Entries {
		x, y := a.Entries[i], b.Entries[i]
		if x.Count != y.Count || x.Card != y.Card || x.Section != y.Section {
			return false
		}
	}
	return true
}

// The optional kernel interfaces this game provides.
var (
	_ engine.Positioner     = Game{}
	_ engine.SchemaProvider = Game{}
	_ engine.Evaluator      = (*State)(nil)
	_ engine.CardPlayer     = (*State)(nil)
)
