// Package mystimons implements MystiMons TCG v2.0 ("Evolution Reimagined"),
// rules digest MM: energy attached to MystiMons or kept in a shared-turn
// pool, four-stage evolution with a path choice, HP drain, Ritual Summon,
// statuses and an element chart.
//
// The files follow the rulebook: setup.go (MM-3), turn.go (the phases,
// MM-4), actions.go (legal actions and Apply, MM-4.2 and MM-5), evolve.go
// (summon, evolution, Ritual Summon), combat.go (attacks and damage,
// MM-5.8), effects.go (action, relic and Terrain cards), end.go (MM-7),
// validate.go (MM-8), cards.go with cards/*.yaml (the pool as data),
// ability.go (the ability language), cardtext.go (the generated rules
// text), chart.go (the element chart, cards/elements.yaml), presets.go with
// decks/*.txt (the preset deck lists), withcards.go (loading them all, and
// a designer's extra card files and deck lists),
// figures.go (what the simulator reports besides results), view.go,
// determinize.go and position.go. Readings the digest leaves open are the
// variants listed in Info.
package mystimons

import "kartenwerk/engine"

// Game is MystiMons TCG v2.0.
type Game struct {
	pool       *Pool // cards.Pool(), for the rules to reach it directly
	cards      *cardSet
	presets    []engine.DeckList // sorted by name
	presetDefs [][]uint8         // each preset as card definitions, in list order
	priors     []deckPrior       // the presets counted, for Determinize
}

// Verbs, looked up in the codec by name, so that the order of its list
// cannot change what they mean.
var (
	vPlace     = codec.Verb("place")
	vDone      = codec.Verb("done")
	vAttach    = codec.Verb("attach")
	vPool      = codec.Verb("pool")
	vSkip      = codec.Verb("skip")
	vSummon    = codec.Verb("summon")
	vEvolve    = codec.Verb("evolve")
	vConfirm   = codec.Verb("confirm")
	vCancel    = codec.Verb("cancel")
	vRitual    = codec.Verb("ritual")
	vPlay      = codec.Verb("play")
	vPlayOn    = codec.Verb("play-on")
	vSwitch    = codec.Verb("switch")
	vAttack    = codec.Verb("attack")
	vEnd       = codec.Verb("end")
	vPromote   = codec.Verb("promote")
	vDiscard   = codec.Verb("discard")
	vSurrender = codec.Verb("surrender")
)

var argAttack = engine.ArgKind{Name: "attack", Prefix: "a"}

var codec = engine.NewCodec(
	engine.VerbSpec{Name: "place", Args: []engine.ArgKind{engine.ArgCard}, Help: "setup: place a Stage 1 MystiMon in secret, the first as Active, then up to 2 on the Bench (MM-3.5)"},
	engine.VerbSpec{Name: "done", Help: "finish placing (setup) or attaching (Energy Surge)"},
	engine.VerbSpec{Name: "attach", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "attach an energy card to one of your MystiMons (MM-4.2A)"},
	engine.VerbSpec{Name: "pool", Args: []engine.ArgKind{engine.ArgCard}, Help: "put an energy card into your pool (MM-4.2B)"},
	engine.VerbSpec{Name: "skip", Help: "place no energy this turn (MM-10.17)"},
	engine.VerbSpec{Name: "summon", Args: []engine.ArgKind{engine.ArgCard}, Help: "summon a Stage 1 MystiMon, once per turn (MM-5.1)"},
	engine.VerbSpec{Name: "evolve", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "evolve a MystiMon: evolve <card in hand> <MystiMon> (MM-5.2)"},
	engine.VerbSpec{Name: "confirm", Help: "confirm the evolution into a Champion despite its -10 HP drain (MM-5.2), or the surrender"},
	engine.VerbSpec{Name: "cancel", Help: "do not evolve into the Champion, or do not surrender"},
	engine.VerbSpec{Name: "ritual", Args: []engine.ArgKind{engine.ArgCard}, Help: "Ritual Summon a Champion: sacrifice your 3 MystiMons, pay 8 pool energy (MM-5.3)"},
	engine.VerbSpec{Name: "play", Args: []engine.ArgKind{engine.ArgCard}, Help: "play an action, field relic or Terrain card (MM-5.4 to 5.6)"},
	engine.VerbSpec{Name: "play-on", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "play a card on a target: play-on <card> <target>"},
	engine.VerbSpec{Name: "switch", Args: []engine.ArgKind{engine.ArgCard}, Help: "swap your Active with this Bench MystiMon, once per turn (MM-5.7)"},
	engine.VerbSpec{Name: "attack", Args: []engine.ArgKind{argAttack, engine.ArgCard}, Help: "attack with your Active: a0 is the Basic Attack, a1.. the abilities (MM-5.8)"},
	engine.VerbSpec{Name: "end", Help: "end the turn without attacking"},
	engine.VerbSpec{Name: "promote", Args: []engine.ArgKind{engine.ArgCard}, Help: "move a Bench MystiMon to the empty Active slot (MM-5.9)"},
	engine.VerbSpec{Name: "discard", Args: []engine.ArgKind{engine.ArgCard}, Help: "discard down to 10 cards (MM-4.5D)"},
	engine.VerbSpec{Name: "surrender", Help: "give up: the other player wins (MM-7.3)"},
)

// Variant keys.
const (
	varDrain     = "drain"
	varDouble    = "double-energy"
	varEvolve    = "evolve-timing"
	varChart     = "chart"
	varSurrender = "surrender"
)

var variants = []engine.VariantSpec{
	{Key: varDrain, Options: []string{"owner", "every"}, Default: "owner", Rule: "MM-10.6",
		Doc: "owner: HP drain, Burn and Poison act in their owner's End Phase only; every: in every End Phase, both players' MystiMons"},
	{Key: varDouble, Options: []string{"additive", "doubling", "per-card"}, Default: "additive", Rule: "MM-10.8",
		Doc: "pending Double Energy cards: additive (two make the next card count 3), doubling (two make it 4), per-card (the next two cards count 2 each)"},
	{Key: varEvolve, Options: []string{"same-turn", "next-turn"}, Default: "same-turn", Rule: "MM-10.9",
		Doc: "same-turn: evolve on the turn the threshold is reached; next-turn: the threshold must be met at the start of the turn, and a MystiMon that entered or evolved this turn waits"},
	{Key: varChart, Options: []string{"standard", "neutral"}, Default: "standard", Rule: "MM-10.U1",
		Doc: "standard: the element chart of cards/elements.yaml (with the additions of an elements.yaml given by --cards); neutral: every multiplier x1"},
	{Key: varSurrender, Options: []string{"any-time", "last-stand"}, Default: "any-time", Rule: "MM-4.6",
		Doc: "any-time: the rulebook's reading (MM-4.6, MM-7.3, \"jederzeit möglich\"): surrender is offered at every decision of your own turn and ends the game at once; last-stand: offered only in your Main Phase (with a confirmation) when your last MystiMon would fall to the opposing Active's Basic Attack, the opponent has two or more and you have none to summon, so that play rather than a random surrender decides games between random agents"},
}

// New returns the game with the shipped cards and presets.
func New() *Game { return newGame(shippedCards()) }

func init() { engine.Register(New()) }

// Info describes the game.
func (g *Game) Info() engine.Info {
	return engine.Info{
		ID: "mystimons", Name: "MystiMons TCG v2.0", RulesID: "MM", MinSeats: 2, MaxSeats: 2,
		Summary:  "Attach energy to evolve your MystiMons through four stages and a path choice, or spend it from your pool on attacks; HP drain, Ritual Summons and an element chart.",
		Variants: variants, Actions: codec,
	}
}
