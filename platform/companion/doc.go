// Package companion keeps the counters of a card game played with
// physical cards: a table of players and per-game counters that phones at
// the table share. Every change is an event in an ordered log that names
// who made it; undo appends the inverse event, so the log never loses
// what happened. A game's rules (one file per game) turn a player's
// command into changes and add hints and warnings computed from the rules
// Kartenwerk knows. They never block: what the players do at the table is
// what the companion records, and a wrong step is undone, not refused.
//
// The state is a flat map of keys to text values ("p1.sugar" = "3",
// "p1.m2.card" = "Flaru"), so an event is a list of key changes and its
// inverse is the same list reversed. Commands are relative where they can
// be ("add 1 sugar"), so changes made offline and sent later still mean
// what their author meant; the server's order of the log decides between
// two that touch one key.
package companion
