// Package rating keeps the ranking points of Ranked play (MystiMons MM-7.5
// names Casual, Ranked and Tournament modes; only Ranked moves a rating).
//
// It implements the Glicko-2 system as Mark Glickman describes it in
// "Example of the Glicko-2 system" (Boston University, 2013). A player's
// Rating has three numbers: the rating itself (1500 for a newcomer), a
// rating deviation that says how uncertain the rating is (350 for a
// newcomer; a 95% interval is about the rating plus or minus twice the
// deviation), and a volatility that says how erratic the player's results
// are (0.06 for a newcomer).
//
// Results are collected over a rating period (a day or a week of games, as
// the server chooses) and applied at once with System.Update, which follows
// the paper's steps 1 to 8: convert to the Glicko-2 scale, estimate the
// variance v and the improvement delta from the period's games, find the new
// volatility by the Illinois variant of regula falsi (the paper's step 5.1 to
// 5.5), then the new deviation and rating. The paper advises five to fifteen
// games a period per player for the best results.
//
// A player with no games in a period only grows uncertain: System.Idle
// widens the deviation by the volatility (the paper's step 6 without games),
// never past the newcomer's 350, as Glickman's original Glicko paper caps it.
//
// The system constant tau limits how far volatility moves in one period;
// the paper suggests 0.3 to 1.2 and its example uses 0.5, the default here.
//
// The package is pure: no storage, no clock. The caller keeps one Rating
// per account and decides when a period ends.
package rating
