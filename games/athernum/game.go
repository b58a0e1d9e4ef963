// Package athernum implements Athernum: The Old World (Archen Tactical Card
// Game System) for 2 to 4 players: a victory-point pool instead of life
// totals, command tokens, exhaustion that turns cards face down, and an
// effect stack with priority passing around the table.
//
// Read it like the rulebook: setup.go (start cards, initiative), turn.go
// (Morning, Day, Combat, Evening, Night), stack.go (the stack, priority,
// triggers, state-based checks), actions.go (what a player may do),
// combat.go, effects.go (the effect vocabulary), end.go (how a game ends).
//
// Readings the digest leaves open, decided here:
//   - A player holding priority who has nothing to respond with (no
//     ability to pay for, no Support, no face-down item) passes without
//     being asked; everyone else decides, so random games stay short.
//   - Attaching an item face down does not use the stack: a face-down card
//     has no abilities to respond to, and its identity stays hidden.
//   - The engine pays costs: the pool first, then ready tokens, keeping
//     tokens of a required faction for last.
//   - A stack resolves completely once all players pass in a row (AT-5.15);
//     triggers caused meanwhile wait for the state-based checks, then each
//     player puts theirs on a new stack, the active player first.
//   - "Attack" triggers go on the stack after the fight; a player who
//     loses a 3-4 player game leaves it with all their cards in play.
package athernum

import (
	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// Game is Athernum's rules and card pool.
type Game struct {
	pool  *pool // cards.Pool(), for the rules to reach it directly
	cards *cardSet
}

var theGame = newGame(cardpool.Shipped(cardRules)())

func init() { engine.Register(theGame) }

// Verbs, looked up in the codec by name, so that the order of its list
// cannot change what they mean.
var (
	vStart     = codec.Verb("start")
	vTrigger   = codec.Verb("trigger")
	vPass      = codec.Verb("pass")
	vDraw      = codec.Verb("draw")
	vResource  = codec.Verb("resource")
	vClaim     = codec.Verb("claim")
	vPlay      = codec.Verb("play")
	vAttach    = codec.Verb("attach")
	vActivate  = codec.Verb("activate")
	vSupport   = codec.Verb("support")
	vReveal    = codec.Verb("reveal")
	vCombat    = codec.Verb("combat")
	vAttack    = codec.Verb("attack")
	vEndCombat = codec.Verb("endcombat")
	vDefend    = codec.Verb("defend")
	vNoDefend  = codec.Verb("nodefend")
	vEndDay    = codec.Verb("endday")
	vItem      = codec.Verb("item")
)

var (
	argAbility = engine.ArgKind{Name: "ability", Prefix: "a", OneBased: true}
	argFaction = engine.ArgEnum("faction", factionNames[:]...)
	argFace    = engine.ArgEnum("face", "up", "down")
)

var codec = engine.NewCodec(
	engine.VerbSpec{Name: "start", Args: []engine.ArgKind{engine.ArgCard}, Help: "choose your start card (a card with a VP field), placed face down (AT-3.2)"},
	engine.VerbSpec{Name: "trigger", Args: []engine.ArgKind{engine.ArgCard, argAbility, engine.ArgCard}, Help: "put one of your triggered abilities on the stack next, with its target (c0: none) (AT-5.19)"},
	engine.VerbSpec{Name: "pass", Help: "pass priority (AT-5.15)"},
	engine.VerbSpec{Name: "draw", Help: "spend 1 command token to draw a card (AT-5.1)"},
	engine.VerbSpec{Name: "resource", Args: []engine.ArgKind{argFaction}, Help: "spend 1 command token for a ready resource token of your main character's faction, once per turn (AT-5.2)"},
	engine.VerbSpec{Name: "claim", Help: "spend 2 command tokens to move 1 VP from the pool onto your main character, once per turn (AT-5.3)"},
	engine.VerbSpec{Name: "play", Args: []engine.ArgKind{engine.ArgCard}, Help: "play a character or a location from your hand or Extra deck (AT-5.4, AT-5.6)"},
	engine.VerbSpec{Name: "attach", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard, argFace}, Help: "attach an item to your character (or location) face up or face down (AT-5.5)"},
	engine.VerbSpec{Name: "activate", Args: []engine.ArgKind{engine.ArgCard, argAbility, engine.ArgCard, engine.ArgCard}, Help: "activate an ability: card, ability, target (c0: none), card discarded as cost (c0: none) (AT-5.7)"},
	engine.VerbSpec{Name: "support", Args: []engine.ArgKind{engine.ArgCard, argAbility, engine.ArgCard, engine.ArgCard}, Help: "discard a character from hand for its Support ability: card, ability, target, discarded card (AT-5.8)"},
	engine.VerbSpec{Name: "reveal", Args: []engine.ArgKind{engine.ArgCard}, Help: "turn a face-down item of yours face up, whenever you hold priority (AT-5.24)"},
	engine.VerbSpec{Name: "combat", Help: "go to the Combat phase, once per turn (AT-4.3)"},
	engine.VerbSpec{Name: "attack", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "attack an opposing character with a ready character of yours (AT-5.13)"},
	engine.VerbSpec{Name: "endcombat", Help: "leave the Combat phase (AT-5.14)"},
	engine.VerbSpec{Name: "defend", Args: []engine.ArgKind{engine.ArgCard}, Help: "name a ready character of yours as defender (AT-5.13)"},
	engine.VerbSpec{Name: "nodefend", Help: "name no defender (AT-5.13)"},
	engine.VerbSpec{Name: "endday", Help: "end the Day; Evening and Night follow (AT-4.2)"},
	engine.VerbSpec{Name: "item", Args: []engine.ArgKind{engine.ArgCard, engine.ArgEnum("choice", "keep", "discard")}, Help: "after an item's triggered ability resolved, keep or discard the item (AT-5.24)"},
)

// Variant keys.
const (
	varResources  = "resources"
	varThreshold  = "threshold"
	varDefender   = "defender"
	varExhaust    = "combat-exhaust"
	varInitiative = "initiative"
	varFirstTurn  = "first-turn"
	varTurnLimit  = "turn-limit"
)

var variants = []engine.VariantSpec{
	{Key: varResources, Options: []string{"refresh", "single-use"}, Default: "refresh", Rule: "AT-10.2",
		Doc: "refresh: resource tokens ready again every Morning; single-use: they stay exhausted until an effect restores them"},
	{Key: varThreshold, Options: []string{"exceed", "reach"}, Default: "exceed", Rule: "AT-10.3",
		Doc: "exceed: a character is discarded when its damage exceeds its DFV; reach: when it equals or exceeds it"},
	{Key: varDefender, Options: []string{"intercept", "join"}, Default: "intercept", Rule: "AT-10.4",
		Doc: "intercept: a named defender replaces the target; join: the defender takes the attacker's damage and both it and the target strike back"},
	{Key: varExhaust, Options: []string{"both", "defender-only"}, Default: "both", Rule: "AT-10.4",
		Doc: "both: the attacker and whoever fought it are exhausted after combat; defender-only: the book's literal text, an undefended target is not exhausted, a named defender is"},
	{Key: varInitiative, Options: []string{"low-first", "high-first"}, Default: "low-first", Rule: "AT-10.1",
		Doc: "low-first: the cheapest start card takes the first turn; high-first: the most expensive one does"},
	{Key: varFirstTurn, Options: []string{"first-player", "every-first-turn"}, Default: "first-player", Rule: "AT-10.13",
		Doc: "first-player: no combat in the starting player's first turn; every-first-turn: no combat in any player's first turn"},
	{Key: varTurnLimit, Options: []string{"none", "200", "40", "60", "80", "120"}, Default: "none", Rule: "AT-10.U6",
		Doc: "none: no limit, as the rules have none (the simulator stops games at its own turn cap, engine.Info.TurnCap); N: the game ends in a draw after turn N (200 was the default before)"},
}

// rules are the resolved variant readings, fixed for a game.
type rules struct {
	singleUse   bool
	reach       bool
	join        bool
	attackerExh bool
	highFirst   bool
	everyFirst  bool
	turnLimit   int
}

func resolveRules(chosen map[string]string) (rules, error) {
	m, err := engine.ResolveVariants(variants, chosen)
	if err != nil {
		return rules{}, err
	}
	r := rules{
		singleUse:   m[varResources] == "single-use",
		reach:       m[varThreshold] == "reach",
		join:        m[varDefender] == "join",
		attackerExh: m[varExhaust] == "defender-only",
		highFirst:   m[varInitiative] == "high-first",
		everyFirst:  m[varFirstTurn] == "every-first-turn",
	}
	switch m[varTurnLimit] {
	case "40":
		r.turnLimit = 40
	case "60":
		r.turnLimit = 60
	case "80":
		r.turnLimit = 80
	case "120":
		r.turnLimit = 120
	case "200":
		r.turnLimit = 200
	}
	return r, nil
}

// Info describes Athernum.
func (g *Game) Info() engine.Info {
	return engine.Info{
		ID: "athernum", Name: "Athernum: The Old World", RulesID: "AT", MinSeats: 2, MaxSeats: 4,
		Summary: "No life totals: claim victory points from a shared pool, command your characters, " +
			"exhaust them face down, and answer every play on a stack with priority.",
		Variants: variants,
		Actions:  codec,
		// The simulator's cap, not a rule (AT-10.U6): random games end by
		// themselves, 1% reach turn 120 and 0.7% turn 200. A turn-limit
		// variant at or below it ends such games first, as a draw of the
		// game ("turn-limit") rather than one the simulator stopped.
		TurnCap: simTurnCap,
	}
}

// simTurnCap is the simulator's turn cap (engine.Info.TurnCap).
const simTurnCap = 200
