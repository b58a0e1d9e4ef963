// Package microlife is Micro-Life (rules digest prefix ML): a two-player
// deck-builder in which pathogens (Erreger) fight immune cells (Immun).
// Players buy cards from a shared market with sugar, play entities that
// enter tapped, mutate them from a global mutation deck, reuse lost
// mutations from a personal gene pool, and win by bringing the opponent
// from 10 life to 0.
//
// # Reading the package
//
//   - game.go: the game, its verbs and rule variants (ML-10 readings).
//   - setup.go: New and the deal (ML-3); validate.go: starter decks (ML-8.1).
//   - turn.go: the six phases, cleanup, drawing, market refill and every
//     reshuffle (ML-4, ML-5.15); the run loop that settles deaths, checks the
//     end (ML-7) and resolves triggers.
//   - actions.go: legal actions, Apply with the reason for a refusal,
//     prompts and action labels (ML-5.1 to ML-5.4).
//   - combat.go: entity values, Zusammenwachsen groups, the attack matrix,
//     simultaneous strikes, Phagozytose, death and spores (ML-5.5 to ML-5.8,
//     ML-6).
//   - effects.go: triggers, targets, the effect vocabulary, Mutation K aus
//     N and Gentransfer K aus N, Vektor (ML-5.11 to ML-5.14, ML-6).
//   - view.go, determinize.go, position.go, eval.go: what each seat sees,
//     resampling hidden cards, explicit positions for scenarios, and the
//     optional interfaces for agents and the simulator.
//   - state.go: the flat state (card instances as int16 ids, zones as id
//     slices), Clone and Hash.
//   - messages.go and messages/*.yaml: the words in English, German and
//     Czech; cardtext.go builds card text from them, speak.go buttons, log
//     lines, prompts, notes and the explanation of a result.
//   - reference.go and rules/*.yaml: the rules reference by rule id.
//
// # Card files
//
// cards/*.yaml (checked against cards/schema.json) hold every card: the
// starter and supply cards, the market deck (copies: how many of each go
// into the global draw pile) and the mutation deck. A card has name, type
// (immun, erreger, aktion, dauer, mutation), subtype for entities (system,
// bakterium, virus, pilz, parasit), cost in sugar, stats ("A/W" for
// entities, "+A/+W" for mutations; swap: true swaps the two in attachment
// order), keywords and abilities, one line each:
//
//	keywords: [Schnell, Invasiv (Haut), Tarnung vor System, Resistenz (Penicillin)]
//	- {when: play, do: sugar, n: 2}                            Beim Ausspielen
//	- {when: attack, do: toxin, n: 1, target: defender}        Beim Angriff
//	- {when: activated, cost: 2, do: mutate, k: 1, n: 2, target: own}
//	- {when: play, do: destroy, target: any, only: bakterium, antibiotic: Penicillin}
//
// Triggers: play, attack, after-attack, turn-start, opponent-turn-start,
// every-turn-start, turn-end, activated (cost in sugar, tap: true to tap
// the card). Effects: sugar, draw, damage, drain (the opponent loses life),
// toxin, boost, mutate, gentransfer, destroy, vector, untap, fever.
// Targets: self, defender, own, enemy, any, narrowed by only (a type or
// subtype). Rules text shown to players is generated from this data.
//
// # Decisions
//
// Every choice is an action of the seat that makes it: the order of
// simultaneous triggers (resolve), optional abilities and spores (yes/no),
// targets (target), each pick of a K-of-N look (pick, or dispose for
// Gentransfer; the look ends after K picks), the card discarded for Vektor
// (discard). Combat passes at once when nothing can attack.
package microlife
