// Package tournament runs the Tournament mode of play: best-of-3 matches
// (MystiMons MM-7.5; Athernum's rulebook likewise locks a deck for a round
// such as best-of-3), Swiss rounds, standings with the customary
// tiebreakers, and a single-elimination bracket such as a top-8 cut.
//
// It is pure logic: no storage, clock, randomness or network. The server
// holds each event by its id, names players by account id (a string), and
// calls in to pair a round, record a game or a match result, drop a player,
// correct a result and read the standings. Registration, deck check and
// deck lock happen before NewSwiss, on the server.
//
// # Using it
//
//	event, err := tournament.NewSwiss(accountIDs, tournament.RecommendedRounds(len(accountIDs)))
//	matches, err := event.PairRound()                    // round 1
//	err = event.RecordGame(1, table, winnerID)           // game by game ...
//	err = event.Report(1, table, tournament.GameScore{WinsA: 2, WinsB: 1}) // ... or at once
//	err = event.Drop(accountID)
//	err = event.Correct(1, table, score, "scorecard misread")
//	standings := event.Standings()
//	top8, err := event.Cut(8)                            // then top8.Advance() round by round
//
// Rounds and tables count from 1. Every method that refuses says why and
// leaves the event as it was. Record and RestoreSwiss (RestoreBracket for a
// bracket) turn an event into plain data that marshals to JSON and back,
// for the server to store.
//
// # Conventions
//
// Matches are best-of-3 (Match): the first to two game wins takes the
// match. A match that ends before that (time called, or a result reported
// such as 1-1-1) is won by the player with more game wins, or drawn. A
// result is written as A's wins, B's wins, drawn games: 2-1-0.
//
// Points and tiebreakers follow the Magic: The Gathering Tournament Rules,
// Appendix C, the usual reference for card game events: a match win is 3
// match points, a draw 1, a loss 0; a bye is a match win, 2-0 in games.
// Players rank by match points, then opponents' match-win percentage
// (OMW), game-win percentage (GW) and opponents' game-win percentage
// (OGW). A match-win percentage is match points over 3 a round played; a
// game-win percentage is game points (3 a game won, 1 a game drawn) over 3
// a game played; each is floored at 0.33. A bye is no opponent, so it is
// left out of OMW and OGW; a player with no opponent yet gets the floor.
// Dropped players stay in the standings and count as opponents. Ties that
// all tiebreakers leave are broken by registration order, so the event is
// deterministic; shuffle the registration list with a seeded generator for
// a random first round.
//
// Swiss pairing (PairRound) follows the usual Swiss system: players of like
// match points meet, nobody meets the same opponent twice, each active
// player plays once a round, and with an odd count the lowest-ranked
// player who has had no bye gets one. The pairer takes the players in
// standings order and pairs the best unpaired one with the next best not
// met before, backtracking when the rest cannot be paired; so it pairs down
// from a score group only when it must, and finds a pairing without
// rematches whenever one exists (else ErrNoPairing). Dropped players are
// not paired. A correction changes the standings at once but not rounds
// already paired.
//
// Single elimination (Bracket) seeds the standard way, so that seeds 1 and
// 2 can meet only in the final: for a top 8, 1 v 8, 4 v 5, 2 v 7, 3 v 6.
// With a count that is not a power of two the bracket is filled up to one
// with byes, which the top seeds get. A bracket match needs a winner.
package tournament
