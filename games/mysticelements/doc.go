// Package mysticelements is Mystic Elements (rules digest prefix ME): two
// wizards each play a deck of three of the eight colours, gain energy by
// the round, deploy units, charms, wonders and relics, and win by
// plundering the opponent's deck into the deep grave.
//
// # Reading the package
//
//   - game.go: the game, its verbs and variants; setup.go: New, colour
//     picks, the deal (ME-3); turn.go: the turn (ME-4); actions.go: legal
//     actions and Apply (ME-5.1 to ME-5.3); combat.go: attacks, guards,
//     strike back, plunder (ME-5.3 to ME-5.5); effects.go: abilities and
//     the effect vocabulary (ME-5.6 to ME-5.11, ME-10.U1); end.go (ME-7);
//     view.go, determinize.go, position.go; validate.go (ME-8).
//   - cards.go: card types and loading; ability.go: the one-line ability
//     language; cardtext.go: rules text generated from the data.
//   - cards/<colour>.yaml: the 120 cards, 15 per colour, checked against
//     cards/schema.json. decks/*.txt: preset decks.
//   - eval.go: a position estimate for agents that judge positions.
//
// # Colours
//
// red (fire: quick units, damage, plunder), yellow (sun: healing that
// recovers the deep grave, promotion, guards), blue (water: draw, card
// limit, exhausting), green (forest: big units, promotion, preparing),
// black (shadow: destroy, demote, discard), white (sky: flying, ranged,
// prepare and exhaust), purple (illusion: steal, discard, card limit),
// brown (earth: guards, ranged, relics, breaking relics).
//
// # Card files
//
// Each card is one YAML mapping: name, type (unit, charm, wonder, relic),
// cost (symbols of the card's colour), any (symbols of any energy), power
// and health (a unit's own; a charm's bonus to its unit), keywords (quick,
// guard, flying, ranged; a charm grants them), limit (card limit change
// while in the battle), attach (what a charm is played on) and abilities,
// one line each:
//
//	play: damage 2 to enemy unit          when played (deployed, attached, cast)
//	use: exhaust unit; draw 1             USE: exhaust this ready card (ME-5.2)
//	pay 2 + 1 any: plunder 1 to opponent  pay energy, even while exhausted
//	start: heal 1 to you                  at its controller's turn start
//
// Effects: damage, heal (no amount: all damage), exhaust, prepare,
// promote, demote, destroy, discard, steal, draw, limit, plunder. Targets:
// a chosen one described by words (enemy, own, other, a colour or
// non-colour, and unit, relic, card = unit or relic, player, any = unit or
// player), or self, host (a charm's unit), you, opponent, each ... . An
// ability has at most one chosen target; repeating its words (or writing
// "target") refers to it again. The rules text is generated from this.
//
// # Deck files
//
// ME-8: a deck is all 15 cards of exactly three colours. A deck file
// (engine.ParseDeckList format) either lists the 45 cards ("1 Fire Drake"),
// as the presets do, or names the three colours alone, one per line
// ("red"), each standing for its 15 cards. ValidateDeck reports every
// problem with its line. Unless the variant colours=shared is chosen, the
// two decks of a game share no colour (ME-8.2). With no decks in the setup,
// the players pick colours as decisions (ME-3.1).
//
// # Decisions
//
// Every choice is an action of the deciding seat: colour picks at setup
// (pick, the second player first, alternately), the energy colour (gain),
// paying each "any energy" symbol when more than one colour could pay
// (pay), the reversed colour under the anti-racist variant (reverse),
// targets (target, target-player; one possible target is taken
// automatically), the cards a player discards (discard, by that player),
// the colour a stolen card is converted to (convert), strike back (strike
// or hold, by the defender), the order of several turn start abilities
// (trigger), the energy kept at cleanup one unit at a time (keep, asked
// only when more than 5 energy of more than one colour is left), and the
// optional hand redraw (redraw marks a card, done finishes). All of these
// are bounded, and end always ends the play step, so random play ends.
//
// # Readings of open points
//
// The digest's recommended readings are the defaults; variants: redraw
// (ME-10.6), antiracist (ME-9b.1), recycling (ME-9b.2), colours (ME-10.2),
// round (ME-10.3), charm-targets (ME-10.9), exhausted-defender (ME-10.4) and empty-draw (ME-10.7;
// with skip, a game where nobody can plunder any more goes on until the
// simulator's turn cap). Choices of this implementation: an ability whose
// chosen target no longer exists does nothing; a wonder or USE/paid ability
// needs a target to be started, a unit's "play" ability is skipped without
// one; a stolen card keeps its charms and goes to its owner's grave when it
// dies; a charm belongs to its player wherever its unit goes; the redraw's
// draws follow ME-7.2 (an empty deck loses).
package mysticelements
