// Package engine is the game-agnostic kernel of Kartenwerk.
//
// Every game, agent, simulator and front end talks to a game through the
// interfaces here: a Game makes States from a Setup; a State lists its Legal
// Actions, Applies one, Clones itself, shows a per-seat View, and can be
// Determinized for search. Nothing here knows any particular game; game
// packages register themselves with Register and are found with Lookup.
//
// The contract every State keeps:
//   - Every decision is an Action of the seat that ToMove names, including
//     targets, choices, responses and setup choices. Rules never call out to
//     an agent or a user interface.
//   - Apply refuses an action that Legal would not list, with an error that
//     says why, and leaves the state unchanged.
//   - All randomness comes from the state's own RNG, which is cloned with it,
//     so the same Setup and actions always give the same Hash.
//   - View(s) contains exactly what seat s may know.
package engine
