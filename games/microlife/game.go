package microlife

import (
	"kartenwerk/engine"
)

// Game is Micro-Life. The zero value plays with the shipped cards;
// WithCards makes one with more or changed cards.
type Game struct {
	// cards is the card pool with its presets; nil means the shipped one.
	cards *cardSet
}

func init() { engine.Register(Game{}) }

// Verbs of Micro-Life.
var codec = engine.NewCodec(
	engine.VerbSpec{Name: "play", Args: []engine.ArgKind{engine.ArgCard}, Help: "play a card from your hand (ML-5.1)"},
	engine.VerbSpec{Name: "buy", Args: []engine.ArgKind{engine.ArgCard}, Help: "buy a market card into your hand (ML-5.3)"},
	engine.VerbSpec{Name: "buybasic", Args: []engine.ArgKind{engine.ArgEnum("basic card", "haut", "nahrung")}, Help: "buy Haut or Nahrung from the supply into your discard pile (ML-5.3)"},
	engine.VerbSpec{Name: "discard", Args: []engine.ArgKind{engine.ArgCard}, Help: "discard a hand card: for 1 sugar once a turn (ML-5.2), or for Vektor (ML-6.13)"},
	engine.VerbSpec{Name: "use", Args: []engine.ArgKind{engine.ArgCard, engine.ArgNum}, Help: "activate ability N (from 1) of a card (ML-5.4)"},
	engine.VerbSpec{Name: "revive", Args: []engine.ArgKind{engine.ArgCard}, Help: "pay a spore's cost to turn it face up, tapped (ML-6.18)"},
	engine.VerbSpec{Name: "attack", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "attack an entity with an untapped entity (ML-5.6)"},
	engine.VerbSpec{Name: "attackplayer", Args: []engine.ArgKind{engine.ArgCard, engine.ArgSeat}, Help: "attack the opposing player with an Erreger (ML-5.6b)"},
	engine.VerbSpec{Name: "next", Help: "end this phase (main 1, combat, main 2 ends the turn)"},
	engine.VerbSpec{Name: "resolve", Args: []engine.ArgKind{engine.ArgCard, engine.ArgNum}, Help: "resolve ability N of this card next, of your simultaneous triggers (ML-10.U5)"},
	engine.VerbSpec{Name: "target", Args: []engine.ArgKind{engine.ArgCard}, Help: "choose the target entity of an effect"},
	engine.VerbSpec{Name: "pick", Args: []engine.ArgKind{engine.ArgCard}, Help: "attach a looked-at mutation (ML-5.11, ML-5.12)"},
	engine.VerbSpec{Name: "dispose", Args: []engine.ArgKind{engine.ArgCard}, Help: "Gentransfer: put a chosen mutation on the mutation discard pile (ML-5.12)"},
	engine.VerbSpec{Name: "yes", Help: "use the optional ability, or form a spore"},
	engine.VerbSpec{Name: "no", Help: "decline the optional ability, or let the card die"},
)

// Verbs, looked up in the codec by name, so that the order of its list
// cannot change what they mean.
var (
	vPlay         = codec.Verb("play")
	vBuy          = codec.Verb("buy")
	vBuyBasic     = codec.Verb("buybasic")
	vDiscard      = codec.Verb("discard")
	vUse          = codec.Verb("use")
	vRevive       = codec.Verb("revive")
	vAttack       = codec.Verb("attack")
	vAttackPlayer = codec.Verb("attackplayer")
	vNext         = codec.Verb("next")
	vResolve      = codec.Verb("resolve")
	vTarget       = codec.Verb("target")
	vPick         = codec.Verb("pick")
	vDispose      = codec.Verb("dispose")
	vYes          = codec.Verb("yes")
	vNo           = codec.Verb("no")
)

var variants = []engine.VariantSpec{
	{Key: "shield", Options: []string{"tapped", "untapped"}, Default: "tapped", Rule: "ML-10.2",
		Doc: "which Immun cards stop direct attacks: all, tapped ones too (6.1), or only untapped ones (the body's text)"},
	{Key: "damage", Options: []string{"every-turn", "own-turn"}, Default: "every-turn", Rule: "ML-10.7",
		Doc: "damage clears from all entities in every cleanup, or only from the active player's entities in their own cleanup"},
	{Key: "buy", Options: []string{"market", "basic-only"}, Default: "market", Rule: "ML-10.1",
		Doc: "market cards can be bought into the hand, or only Haut and Nahrung are buyable at all"},
	{Key: "rotation", Options: []string{"any-purchase", "market-purchase"}, Default: "any-purchase", Rule: "ML-10.10",
		Doc: "which purchases stop the market rotation: any, or only market purchases (Haut/Nahrung do not count)"},
	{Key: "playcost", Options: []string{"free", "paid"}, Default: "free", Rule: "ML-10.4",
		Doc: "playing a card from hand is free, or costs its printed sugar cost again"},
	{Key: "leftovers", Options: []string{"mutation-discard", "deck-bottom"}, Default: "mutation-discard", Rule: "ML-10.6",
		Doc: "where the unchosen cards of Mutation K aus N go: the mutation discard pile, or back under the mutation deck"},
	{Key: "opportunist", Options: []string{"per-card", "per-player"}, Default: "per-card", Rule: "ML-10.9",
		Doc: "Opportunistische Erreger cost their owner 1 life each at the end of the owner's turn, or 1 life in all"},
}

type options struct {
	shieldUntapped bool
	damageOwnTurn  bool
	basicOnly      bool
	rotMarketOnly  bool
	playPaid       bool
	leftBottom     bool
	oppPerPlayer   bool
}

// defaultOptions are the options of a game without variants, resolved
// once rather than for every new game.
var defaultOptions = func() options {
	vs, err := engine.ResolveVariants(variants, nil)
	if err != nil {
		panic(err)
	}
	return parseOptions(vs)
}()

func parseOptions(m map[string]string) options {
	return options{
		shieldUntapped: m["shield"] == "untapped",
		damageOwnTurn:  m["damage"] == "own-turn",
		basicOnly:      m["buy"] == "basic-only",
		rotMarketOnly:  m["rotation"] == "market-purchase",
		playPaid:       m["playcost"] == "paid",
		leftBottom:     m["leftovers"] == "deck-bottom",
		oppPerPlayer:   m["opportunist"] == "per-player",
	}
}

// SignedCounters names the counters Micro-Life counts below zero: a
// player's life, at 0 or less when they have lost (ML-7.1, ML-7.2).
func (Game) SignedCounters() []string { return []string{"life"} }

// HandsChosen reports that market cards are bought into the hand (ML-5.3):
// see engine.HandChooser.
func (Game) HandsChosen() bool { return true }

// Info describes Micro-Life.
func (Game) Info() engine.Info {
	return engine.Info{
		ID: "microlife", Name: "Micro-Life", RulesID: "ML", MinSeats: 2, MaxSeats: 2,
		Summary:  "A deck-builder of pathogens against immune cells: buy from a market with sugar, mutate your entities from a shared mutation deck, and bring the opponent from 10 life to 0.",
		Variants: variants,
		Actions:  codec,
		// Random games last 20 turns at the median and under 125 at most
		// (20,000 games); the cap only catches stalled games (ML-7.3).
		TurnCap: 200,
	}
}
