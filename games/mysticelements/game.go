package mysticelements

import "kartenwerk/engine"

// Game is Mystic Elements.
type Game struct {
	// cards is the card pool with its presets; nil means the shipped one.
	cards *cardSet
}

func init() { engine.Register(Game{}) }

// Verbs, looked up in the codec by name, so that the order of its list
// cannot change what they mean.
var (
	vPick         = codec.Verb("pick")
	vGain         = codec.Verb("gain")
	vPlay         = codec.Verb("play")
	vUse          = codec.Verb("use")
	vActivate     = codec.Verb("activate")
	vAttack       = codec.Verb("attack")
	vPlunder      = codec.Verb("plunder")
	vEnd          = codec.Verb("end")
	vPay          = codec.Verb("pay")
	vReverse      = codec.Verb("reverse")
	vTarget       = codec.Verb("target")
	vTargetPlayer = codec.Verb("target-player")
	vConvert      = codec.Verb("convert")
	vDiscard      = codec.Verb("discard")
	vStrike       = codec.Verb("strike")
	vHold         = codec.Verb("hold")
	vTrigger      = codec.Verb("trigger")
	vKeep         = codec.Verb("keep")
	vRedraw       = codec.Verb("redraw")
	vDone         = codec.Verb("done")
)

var argColour = engine.ArgEnum("colour", colourNames...)

var codec = engine.NewCodec(
	engine.VerbSpec{Name: "pick", Args: []engine.ArgKind{argColour}, Help: "setup: choose one of your three colours (ME-3.1)"},
	engine.VerbSpec{Name: "gain", Args: []engine.ArgKind{argColour}, Help: "gain energy of this colour, the round number up to 5 (ME-4.3)"},
	engine.VerbSpec{Name: "play", Args: []engine.ArgKind{engine.ArgCard}, Help: "play a card from your hand, paying its cost (ME-5.1)"},
	engine.VerbSpec{Name: "use", Args: []engine.ArgKind{engine.ArgCard}, Help: "exhaust a ready card to use its USE ability (ME-5.2)"},
	engine.VerbSpec{Name: "activate", Args: []engine.ArgKind{engine.ArgCard}, Help: "pay energy for a card's ability, even if it is exhausted (ME-5.2)"},
	engine.VerbSpec{Name: "attack", Args: []engine.ArgKind{engine.ArgCard, engine.ArgCard}, Help: "attack an opposing unit with a ready unit (ME-5.3)"},
	engine.VerbSpec{Name: "plunder", Args: []engine.ArgKind{engine.ArgCard, engine.ArgSeat}, Help: "attack the opposing player with a ready unit (ME-5.5)"},
	engine.VerbSpec{Name: "end", Help: "end the play step: draw up, clean up (ME-4.5, ME-4.6)"},
	engine.VerbSpec{Name: "pay", Args: []engine.ArgKind{argColour}, Help: "pay one 'any energy' symbol with this colour (ME-5.1)"},
	engine.VerbSpec{Name: "reverse", Args: []engine.ArgKind{engine.ArgEnum("choice", "no", "yes")}, Help: "anti-racist variant: reverse the colour the card names (ME-9b.1)"},
	engine.VerbSpec{Name: "target", Args: []engine.ArgKind{engine.ArgCard}, Help: "choose this card as the target"},
	engine.VerbSpec{Name: "target-player", Args: []engine.ArgKind{engine.ArgSeat}, Help: "choose this player as the target"},
	engine.VerbSpec{Name: "convert", Args: []engine.ArgKind{argColour}, Help: "the stolen card counts as this colour of yours (ME-10.13)"},
	engine.VerbSpec{Name: "discard", Args: []engine.ArgKind{engine.ArgCard}, Help: "discard this card from your hand (ME-5.10)"},
	engine.VerbSpec{Name: "strike", Help: "exhaust the attacked unit to strike back (ME-5.4a)"},
	engine.VerbSpec{Name: "hold", Help: "do not strike back (ME-5.4a)"},
	engine.VerbSpec{Name: "trigger", Args: []engine.ArgKind{engine.ArgCard}, Help: "resolve this card's turn start ability next (ME-10.U2)"},
	engine.VerbSpec{Name: "keep", Args: []engine.ArgKind{argColour}, Help: "cleanup: keep one energy of this colour (ME-4.6)"},
	engine.VerbSpec{Name: "redraw", Args: []engine.ArgKind{engine.ArgCard}, Help: "cleanup: mark a hand card to discard and replace (ME-4.6)"},
	engine.VerbSpec{Name: "done", Help: "finish the redraw: discard the marked cards and draw as many"},
)

var variantSpecs = []engine.VariantSpec{
	{Key: "redraw", Options: []string{"any-card", "wonders"}, Default: "any-card", Rule: "ME-10.6",
		Doc: "what blocks the optional hand redraw: any card played from hand (recommended) or only wonders (the literal 'kouzla')"},
	{Key: "antiracist", Options: []string{"off", "on"}, Default: "off", Rule: "ME-9b.1",
		Doc: "a card that names a colour may be played with the colour reversed (yellow <-> non-yellow)"},
	{Key: "recycling", Options: []string{"off", "on"}, Default: "off", Rule: "ME-9b.2",
		Doc: "full recycling: the deep grave lies face up, public and ordered"},
	{Key: "colours", Options: []string{"exclusive", "shared"}, Default: "exclusive", Rule: "ME-10.2",
		Doc: "whether the two players may use the same colour (the physical game has one set)"},
	{Key: "exhausted-defender", Options: []string{"readied", "unharmed"}, Default: "readied", Rule: "ME-10.4",
		Doc: "an exhausted defender takes the attacker's damage and is readied if it survives (recommended), or the attack does not count and it is only readied"},
	{Key: "empty-draw", Options: []string{"lose", "skip"}, Default: "lose", Rule: "ME-10.7",
		Doc: "a player who must draw from an empty deck loses (recommended), or draws nothing; with skip only plunder ends the game"},
	{Key: "charm-targets", Options: []string{"any-unit", "as-printed"}, Default: "any-unit", Rule: "ME-10.9",
		Doc: "any-unit: a charm goes on any unit, own or opposing (the rulebook plays it \"on a particular unit\"; the card text names the printed side as advice); as-printed: only on the side its card data names (own, enemy or any)"},
	{Key: "round", Options: []string{"own-turns", "all-turns"}, Default: "own-turns", Rule: "ME-10.3",
		Doc: "the round number for energy: the player's own turn count (recommended) or every turn counted"},
}

// SignedCounters names the counters Mystic Elements counts below zero: a
// card's tokens, the net of its promote and demote tokens (ME-2.8).
func (Game) SignedCounters() []string { return []string{"card.tokens"} }

// Info describes the game.
func (Game) Info() engine.Info {
	return engine.Info{ID: "mysticelements", Name: "Mystic Elements", RulesID: "ME", MinSeats: 2, MaxSeats: 2,
		Summary:  "Two wizards pick three of eight colours, gain energy by the round and plunder each other's deck into the deep grave.",
		Variants: variantSpecs, Actions: codec,
		// Colours are exclusive because the box holds one set of each
		// (ME-10.2); players who bring decks of their own may share them.
		OwnDecksVariant: map[string]string{"colours": "shared"}}
}
