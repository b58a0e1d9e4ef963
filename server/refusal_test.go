package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/platform/codes"
	"kartenwerk/platform/companion"
)

// internalID finds what a player must never read: seat ids ("p2"), card
// ids ("c12"), numbered seats ("seat 1") and unfilled messages. A link's
// path is no such id: a tournament's random hex id may read "c25576370684"
// (/tournaments/c25576370684).
var internalID = regexp.MustCompile(`(?:^|[^/\w])[pc]\d+\b|\b[Ss]eat \d|⟦|<no value>`)

// badRequest is a request a page may send and the server refuses.
type badRequest struct {
	name, method, path string
	body               any
	loggedIn           bool
	wantCode           string
}

// TestRefusalsSpeakTheReadersLanguage sends requests a page can make
// and the server refuses, in each language: every answer carries its
// code, and in German and Czech it is not the English text, has no word
// of another language, and names no seat or card by its internal id.
func TestRefusalsSpeakTheReadersLanguage(t *testing.T) {
	e := newAccountEnv(t, nil)
	game := e.create(friendGame("trick"))
	toMove := e.state(game.ID, game.Token).View.ToMove
	mover, waiting := tokenOfSeat(game, toMove), tokenOfSeat(game, 1-toMove)
	legal := e.state(game.ID, mover).Legal[0].Action
	stale := -3
	table := e.companionCreate("mystimons", "Ada").ID
	cases := []badRequest{
		{"another seat's turn", "POST", "/api/games/" + game.ID + "/actions", ActionRequest{Token: waiting, Action: legal}, false, "not_your_turn"},
		{"an action from an older table", "POST", "/api/games/" + game.ID + "/actions", ActionRequest{Token: mover, Action: legal, Version: &stale}, false, "stale_choice"},
		{"an action text the game does not know", "POST", "/api/games/" + game.ID + "/actions", ActionRequest{Token: mover, Action: "fly away"}, false, "unknown_action"},
		{"an action without a token", "POST", "/api/games/" + game.ID + "/actions", ActionRequest{Action: legal}, false, "no_action_token"},
		{"an expired seat token", "GET", "/api/games/" + game.ID + "?token=expired", nil, false, "no_seat_token"},
		{"an unknown game", "GET", "/api/games/nosuchgame", nil, false, "no_game"},
		{"the cards of a game not offered", "GET", "/api/catalog/chess/cards", nil, false, "unknown_game"},
		{"the cards of a day that is no day", "GET", "/api/catalog/trick/cards?at=2026-13-01", nil, false, "bad_date"},
		{"a rematch of a game still played", "POST", "/api/games/" + game.ID + "/rematch", map[string]string{"token": game.Token}, false, "rematch_too_soon"},
		{"a replay of a game still played", "GET", "/api/games/" + game.ID + "/replay", nil, false, "replay_too_soon"},
		{"a short password", "POST", "/api/signup", Credentials{"newcomer", "short"}, false, "password_short"},
		{"a username with a space", "POST", "/api/signup", Credentials{"new comer", "long enough password"}, false, "username_character"},
		{"a wrong password", "POST", "/api/login", Credentials{"reader", "not the password"}, false, "wrong_login"},
		{"decks without a login", "GET", "/api/decks", nil, false, "not_logged_in"},
		{"a deck that is not there", "GET", "/api/decks/nosuchdeck", nil, true, "no_deck"},
		{"a share link that leads nowhere", "GET", "/api/shared/decks/nosuchlink", nil, false, "no_shared_deck"},
		{"a card code on a server without codes", "POST", "/api/codes/register", CodeEntry{"7KQ2M-XP0AH-3VTBD-9RW4F"}, true, "no_code_registration"},
		{"cards given to oneself", "POST", "/api/trades", TradeRequest{To: "reader", Game: "trick", Card: "x", Printing: "y", Count: 1}, true, "trade_self"},
		{"an unknown tournament", "GET", "/api/tournaments/nosuchtournament", nil, false, "no_tournament"},
		{"a game with a deck the rules refuse", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}},
			Decks: []DeckRequest{{List: "40 Necromancer"}}}, false, "deck_illegal"},
		{"two decks of one colour where colours are exclusive (ME-8.2)", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}},
			Decks: []DeckRequest{{Preset: "Deepwood"}, {Preset: "Deepwood"}}}, false, "setup_refused"},
		{"two different lists of Zynalith's shared stacks (ZY-8.1)", "POST", "/api/games", CreateRequest{Game: "zynalith", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}},
			Decks: []DeckRequest{{Preset: "Standard"}, {Preset: "Offene Ideen"}}}, false, "setup_refused"},
		{"a game the server does not offer", "POST", "/api/games", CreateRequest{Game: "chess", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}}, false, "unknown_game"},
		{"three seats at a game for two", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI}, {Kind: KindAI}}}, false, "lobby_seats"},
		{"a first player beyond the seats", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI}}, First: 3}, false, "lobby_first"},
		{"more decks than seats", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI}},
			Decks: []DeckRequest{{Preset: "Deepwood"}, {Preset: "Sunfire"}, {Preset: "Deepwood"}}}, false, "lobby_decks"},
		{"a deck given as a preset and as a list", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI}},
			Decks: []DeckRequest{{Preset: "Deepwood", List: "40 Necromancer"}}}, false, "deck_preset_and_list"},
		{"a preset the game does not have", "POST", "/api/games", CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI}},
			Decks: []DeckRequest{{Preset: "Moonlight"}}}, false, "deck_no_preset"},
		{"a tournament by a player", "POST", "/api/tournaments", map[string]any{"name": "Cup", "game": "trick"}, true, "organisers_only"},
		{"a MystiMon typed wrong at a companion table", "POST", "/api/companion/tables/" + table + "/commands",
			CompanionCommand{Seat: 1, Cmd: companion.Command{Verb: "summon", Target: "p1", Arg: "Embirx"}}, false, "companion_no_mon"},
		{"undoing a player joining a companion table", "POST", "/api/companion/tables/" + table + "/commands",
			CompanionCommand{Seat: 1, Cmd: companion.Command{Verb: "undo", Seq: 1}}, false, "companion_undo_join"},
		{"an unknown companion table", "GET", "/api/companion/tables/nosuchtable", nil, false, "no_table"},
		{"the history of an unknown account", "GET", "/api/accounts/nobody-here/matches", nil, false, "no_account"},
	}
	reader := e.browser()
	reader.signup("reader", "a long enough password")
	for _, c := range cases {
		texts := map[i18n.Lang]string{}
		for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
			status, body, spoken := sendIn(e, reader, c, l)
			if spoken != l.String() {
				t.Errorf("%s in %s: the answer's Content-Language is %q", c.name, l, spoken)
			}
			texts[l] = checkRefusalIn(t, c.name, l, status, body, c.wantCode)
		}
		checkNotEnglish(t, c.name, texts)
	}
}

// checkRefusalIn checks an answer in language l: a refusal with code
// want whose words name nothing by an internal id and hold no word of
// another language. It returns the words, "" for an answer that is none.
func checkRefusalIn(t *testing.T, name string, l i18n.Lang, status int, body, want string) string {
	t.Helper()
	var got httpErrorBody
	if err := json.Unmarshal([]byte(body), &got); err != nil || status < 400 {
		t.Errorf("%s in %s: %d %s, want a refusal", name, l, status, body)
		return ""
	}
	if got.Code != want {
		t.Errorf("%s in %s: code %q (%s), want %q", name, l, got.Code, got.Error, want)
	}
	if m := internalID.FindString(got.Error); m != "" {
		t.Errorf("%s in %s: %q shows %q to a player", name, l, got.Error, m)
	}
	if word := enginetest.ForeignWord(l, got.Error); word != "" {
		t.Errorf("%s in %s: %q is not %s (%q)", name, l, got.Error, l.Name(), word)
	}
	return got.Error
}

// checkNotEnglish fails where the German or Czech words of a refusal are
// the English ones.
func checkNotEnglish(t *testing.T, name string, texts map[i18n.Lang]string) {
	t.Helper()
	for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
		if texts[l] != "" && texts[l] == texts[i18n.EN] {
			t.Errorf("%s: the %s answer is the English one: %q", name, l.Name(), texts[l])
		}
	}
}

// sendIn sends c as a reader of language l, over the logged-in reader's
// browser when c needs a login, else as an anonymous page, and returns
// the answer's status, body and Content-Language.
func sendIn(e *accountEnv, reader *browser, c badRequest, l i18n.Lang) (int, string, string) {
	b := reader
	if !c.loggedIn {
		b = e.browser()
	}
	b.header.Set("Accept-Language", l.String())
	res, body := b.do(c.method, c.path, c.body)
	return res.StatusCode, body, res.Header.Get("Content-Language")
}

// TestNotYourTurnNamesTheSeatByItsDisplayName: the refusal names the
// seat to move as its player chose, else as "Player 2" in the reader's
// words, never "p2".
func TestNotYourTurnNamesTheSeatByItsDisplayName(t *testing.T) {
	names := []string{"", "Anna"}
	cases := []struct {
		lang i18n.Lang
		seat engine.Seat
		want string
	}{
		{i18n.EN, 1, "it is Anna's decision"},
		{i18n.DE, 1, "Anna entscheidet gerade"},
		{i18n.CS, 1, "Teď rozhoduje Anna"},
		{i18n.EN, 0, "it is Player 1's decision"},
		{i18n.DE, 0, "Spieler 1 entscheidet gerade"},
	}
	for _, c := range cases {
		got := refuse(http.StatusConflict, "not_your_turn", "player", seatCalled(names, c.seat)).In(c.lang)
		if !strings.Contains(got, c.want) {
			t.Errorf("seat %v in %s: %q, want it to say %q", c.seat, c.lang, got, c.want)
		}
	}
}

// TestRankedReasonsNameTheLoser: a game the server ended shows its
// reason in the reader's words with the loser's name, for the codes it
// records now and the English it recorded before.
func TestRankedReasonsNameTheLoser(t *testing.T) {
	names := []string{"Anna", "Boris"}
	cases := []struct {
		reason string
		loser  engine.Seat
		lang   i18n.Lang
		want   string
	}{
		{reasonTime, 0, i18n.EN, "Anna ran out of time"},
		{reasonTime, 1, i18n.DE, "Boris hat die Zeit überschritten"},
		{reasonAway, 0, i18n.CS, "Anna – příliš dlouho mimo hru"},
		{"p2 ran out of time", 1, i18n.DE, "Boris hat die Zeit überschritten"},
		{"p1 left the game for longer than 1m0s", 0, i18n.EN, "Anna left the game for too long"},
		{"objective", 0, i18n.DE, "objective"}, // a reason of the rules stands
	}
	for _, c := range cases {
		if got := rankedReasonIn(c.reason, c.loser, names, c.lang); got != c.want {
			t.Errorf("%q lost by %v in %s: %q, want %q", c.reason, c.loser, c.lang, got, c.want)
		}
	}
}

// TestServerEndedResultsSpeakTheReadersLanguage: a stored result of a
// game the server ended is read back with its reason in the reader's
// words; a result the rules gave is left to the game's moves.
func TestServerEndedResultsSpeakTheReadersLanguage(t *testing.T) {
	cases := []struct {
		stored string
		lang   i18n.Lang
		winner engine.Seat
		reason string // "" for no outcome
	}{
		{"p2 wins (time)", i18n.DE, 1, "Spieler 1 hat die Zeit überschritten"},
		{"p1 wins (away)", i18n.CS, 0, "Hráč 2 – příliš dlouho mimo hru"},
		{"p1 wins (p2 ran out of time)", i18n.EN, 0, "Player 2 ran out of time"},
		{"p1 wins (knockout)", i18n.DE, 0, ""},
		{"draw (turn-cap)", i18n.DE, 0, ""},
		{"expired", i18n.CS, 0, ""},
	}
	for _, c := range cases {
		got := serverEndedOutcome(c.stored, c.lang)
		switch {
		case c.reason == "" && got != nil:
			t.Errorf("%q in %s: %+v, want none", c.stored, c.lang, got)
		case c.reason != "" && (got == nil || len(got.Winners) != 1 || got.Winners[0] != c.winner || got.Reason != c.reason):
			t.Errorf("%q in %s: %+v, want %v winning, %q", c.stored, c.lang, got, c.winner, c.reason)
		}
	}
}

// TestMistypedCodesSayWhatIsWrong: a typed registration code that is not
// one is refused with what is wrong with it, in each language.
func TestMistypedCodesSayWhatIsWrong(t *testing.T) {
	cases := []struct {
		typed, code string
		lang        i18n.Lang
		want        string
	}{
		{"", "code_empty", i18n.DE, "Das Feld ist leer"},
		{"7KQ2M-XP0AH-3VTBD-9RW4!", "code_character", i18n.DE, "Zeichen 23, „!“"},
		{"7KQ2M-XP0AH", "code_length", i18n.CS, "má 10 písmen a číslic, kód jich má 20"},
		{"7KQ2M-XP0AH-3VTBD-9RW4G", "code_check", i18n.EN, "the check character does not match"},
	}
	for _, c := range cases {
		_, err := codes.Parse(c.typed)
		if err == nil {
			t.Fatalf("%q parsed as a code", c.typed)
		}
		r := notACode(err)
		if got := r.In(c.lang); r.code != c.code || !strings.Contains(got, c.want) {
			t.Errorf("%q in %s: %s %q, want %s saying %q", c.typed, c.lang, r.code, got, c.code, c.want)
		}
	}
}

// TestCzechRefusalCountsTakePluralForms: a refusal that counts decks,
// rounds, players, games or copies agrees with its number in Czech
// ("2 balíčky", "5 balíčků"), over n = 1, 2, 3, 5, 21, 22, 25.
func TestCzechRefusalCountsTakePluralForms(t *testing.T) {
	cases := []struct {
		code  string
		forms [3]string // for 1, for 2 to 4, for 5 and more
	}{
		{"trials_full", [3]string{"balíček", "balíčky", "balíčků"}},
		{"code_length", [3]string{"písmeno nebo číslici", "písmena a číslice", "písmen a číslic"}},
		{"trial_games", [3]string{"partie nejde", "partie nejdou", "partií nejde"}},
		{"trade_count", [3]string{"kus nejde", "kusy nejdou", "kusů nejde"}},
		{"swiss_done", [3]string{"kolo", "kola", "kol"}},
		{"companion_table_full", [3]string{"hráč", "hráči", "hráčů"}},
		{"companion_last_round", [3]string{"kolo", "kola", "kol"}},
		{"tournament_too_few_players", [3]string{"hráč", "hráči", "hráčů"}},
		{"tournament_too_few_active", [3]string{"hráč", "hráči", "hráčů"}},
		{"tournament_rounds_done", [3]string{"kolo", "kola", "kol"}},
	}
	for _, c := range cases {
		for _, n := range []int{1, 2, 3, 5, 21, 22, 25} {
			form := 2
			switch {
			case n == 1:
				form = 0
			case n <= 4:
				form = 1
			}
			got := refuse(http.StatusBadRequest, c.code, "want", 20, "min", 10, "max", 99, "n", n).In(i18n.CS)
			if want := fmt.Sprintf("%d %s", n, c.forms[form]); !strings.Contains(got, want) {
				t.Errorf("%s, n=%d: %q, want it to say %q", c.code, n, got, want)
			}
		}
	}
}
