package lab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/all"
	"kartenwerk/sim"
)

// testLab serves a Lab whose users are told by the X-Account header (a
// login) or, without it, by their cookie jar and one address.
func testLab(t *testing.T, lim Limits) (*Lab, *httptest.Server) {
	t.Helper()
	return testLabOn(t, lim, nil)
}

// testLabOn is testLab keeping its runs in store (nil: in memory).
func testLabOn(t *testing.T, lim Limits, store Store) (*Lab, *httptest.Server) {
	t.Helper()
	l, err := New(Config{Games: engine.Games(), Limits: lim, Store: store,
		Who: func(_ http.ResponseWriter, r *http.Request) (string, string) {
			return r.Header.Get("X-Account"), "192.0.2.1"
		},
		Lang: func(r *http.Request) i18n.Lang { return i18n.Match(r.Header.Get("Accept-Language")) }})
	if err != nil {
		t.Fatal(err)
	}
	return l, serve(t, l)
}

// serve serves l's API until the test ends.
func serve(t *testing.T, l *Lab) *httptest.Server {
	mux := http.NewServeMux()
	l.Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { l.Close(); srv.Close() })
	return srv
}

// client is one browser: its own cookies, and an account when logged in.
type client struct {
	t       *testing.T
	base    string
	http    *http.Client
	account string
	lang    string
}

func newClient(t *testing.T, srv *httptest.Server, account string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: srv.URL, http: &http.Client{Jar: jar}, account: account, lang: "en"}
}

// do sends a request and decodes the JSON answer into out (when given).
func (c *client) do(method, path string, body any, out any) (int, ErrorBody) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept-Language", c.lang)
	if c.account != "" {
		req.Header.Set("X-Account", c.account)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var eb ErrorBody
	if res.StatusCode >= 400 {
		_ = json.Unmarshal(data, &eb)
	} else if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return res.StatusCode, eb
}

func (c *client) submit(s Spec) (Run, int, ErrorBody) {
	var r Run
	status, eb := c.do("POST", "/api/lab/runs", s, &r)
	return r, status, eb
}

// play submits s, which must plan games games, and waits for it to
// finish having played them all.
func (c *client) play(s Spec, games int) Run {
	c.t.Helper()
	run, status, eb := c.submit(s)
	if status != http.StatusAccepted || run.Planned != games {
		c.t.Fatalf("submit: %d %s, planned %d, want %d games", status, eb.Error, run.Planned, games)
	}
	done := c.wait(run.ID)
	if done.Status != Done || done.Played != games {
		c.t.Fatalf("the run ended %s after %d games (%s)", done.Status, done.Played, done.Error)
	}
	return done
}

// wait polls a run until it ends.
func (c *client) wait(id string) Run {
	c.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var r Run
		if status, eb := c.do("GET", "/api/lab/runs/"+id, nil, &r); status != http.StatusOK {
			c.t.Fatalf("run %s: %d %s", id, status, eb.Error)
		}
		if r.ended() {
			return r
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("run %s did not end", id)
	return Run{}
}

// quick is a small run of random players.
func quick(games int) Spec {
	return Spec{Game: "mysticelements", Games: games, Agents: []string{"random"}, Seed: 7}
}

// long is a run that plays until cancelled.
func long() Spec { return Spec{Game: "mysticelements", Games: 100_000, Agents: []string{"random"}} }

func TestRunIsPlayedReportedAndOnlyItsOwnerSeesIt(t *testing.T) {
	_, srv := testLab(t, Limits{})
	anna, stranger := newClient(t, srv, ""), newClient(t, srv, "")
	run, status, eb := anna.submit(quick(40))
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", status, eb.Error)
	}
	done := anna.wait(run.ID)
	if done.Status != Done || done.Report == nil || done.Report.Games != 40 || done.Played != 40 {
		t.Fatalf("run ended %s with %d games played: %+v", done.Status, done.Played, done.Error)
	}
	res, err := anna.http.Get(srv.URL + "/api/lab/runs/" + run.ID + "/report")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), "<svg") || !strings.Contains(string(page), "40 games") {
		t.Fatalf("report: %d, %d bytes without its charts or title", res.StatusCode, len(page))
	}
	// The run itself carries the headline figures; the cards' figures,
	// most of a report, are in its JSON report.
	if done.Report.CardStats != nil || done.Report.Cards != nil || done.Report.FirstPlayer.N == 0 {
		t.Errorf("the run carries %d cards' figures and the first player's rate of %.0f games", len(done.Report.CardStats), done.Report.FirstPlayer.N)
	}
	var whole sim.Report
	if status, eb := anna.do("GET", "/api/lab/runs/"+run.ID+"/report.json", nil, &whole); status != http.StatusOK || whole.Games != 40 || len(whole.CardStats) == 0 || len(whole.OpeningFirst) == 0 {
		t.Errorf("report.json: %d %s, %d games, %d cards' figures, %d decks' opening hands", status, eb.Error, whole.Games, len(whole.CardStats), len(whole.OpeningFirst))
	}
	for _, try := range []struct{ method, path string }{
		{"GET", "/api/lab/runs/" + run.ID},
		{"GET", "/api/lab/runs/" + run.ID + "/report"},
		{"GET", "/api/lab/runs/" + run.ID + "/report.json"},
		{"POST", "/api/lab/runs/" + run.ID + "/cancel"},
		{"GET", "/api/lab/compare?a=" + run.ID + "&b=" + run.ID},
	} {
		var body any
		if try.method == "POST" {
			body = struct{}{}
		}
		if status, _ := stranger.do(try.method, try.path, body, nil); status != http.StatusNotFound {
			t.Errorf("%s %s by someone else: %d, want 404", try.method, try.path, status)
		}
	}
	var list map[string][]Run
	stranger.do("GET", "/api/lab/runs", nil, &list)
	if len(list["runs"]) != 0 {
		t.Errorf("someone else lists %d runs of anna's", len(list["runs"]))
	}
}

func TestTooManyRunsAreRefusedPerUserAndPerAddress(t *testing.T) {
	_, srv := testLab(t, Limits{RunsPerUser: 2, RunsAtOnce: 1, MaxQueued: 10})
	anna := newClient(t, srv, "")
	var ids []string
	for range 2 {
		r, status, eb := anna.submit(long())
		if status != http.StatusAccepted {
			t.Fatalf("submit: %d %s", status, eb.Error)
		}
		ids = append(ids, r.ID)
	}
	_, status, eb := anna.submit(long())
	if status != http.StatusTooManyRequests || eb.Key != "lab.err_user_full" || !strings.Contains(eb.Error, "cancel") {
		t.Fatalf("third run: %d %q, want 429 saying to wait or cancel", status, eb.Error)
	}
	// A fresh cookie from the same address is the same user.
	other := newClient(t, srv, "")
	if _, status, _ := other.submit(long()); status != http.StatusTooManyRequests {
		t.Fatalf("a new cookie from the same address: %d, want 429", status)
	}
	// A logged-in account counts apart from the address.
	if r, status, _ := newClient(t, srv, "ben").submit(quick(10)); status != http.StatusAccepted {
		t.Fatalf("an account's run: %d", status)
	} else {
		ids = append(ids, r.ID)
	}
	for _, id := range ids[:2] {
		var r Run
		if status, eb := anna.do("POST", "/api/lab/runs/"+id+"/cancel", struct{}{}, &r); status != http.StatusOK {
			t.Fatalf("cancel: %d %s", status, eb.Error)
		}
		if got := anna.wait(id); got.Status != Cancelled {
			t.Fatalf("cancelled run ended %s", got.Status)
		}
	}
	if _, status, eb := anna.submit(quick(10)); status != http.StatusAccepted {
		t.Fatalf("after cancelling, a run was refused: %d %s", status, eb.Error)
	}
}

func TestBadInputIsRefusedWithWhatAndWhere(t *testing.T) {
	_, srv := testLab(t, Limits{MaxCardBytes: 8 << 10})
	c := newClient(t, srv, "")
	badYAML := "colour: red\nidentity: \"Fire\"\ncards:\n  - {name: Ember Imp, type: unit, cost: 1, power: 1, health: 1}\n  - {name: Flame Archer, type: unit, cost: two, power: 2, health: 1}\n"
	withCards := func(text string) Spec {
		s := quick(10)
		s.CardFile, s.Cards = "red.yaml", text
		return s
	}
	tests := []struct {
		name   string
		spec   Spec
		status int
		key    string
		line   int
	}{
		{"too many games", Spec{Game: "mysticelements", Games: 200_000}, 400, "lab.err_games", 0},
		{"no games", Spec{Game: "mysticelements"}, 400, "lab.err_games", 0},
		{"precision out of range", Spec{Game: "mysticelements", UntilCI: 0.1}, 400, "lab.err_until_ci", 0},
		{"unknown game", Spec{Game: "chess", Games: 10}, 404, "lab.err_game", 0},
		{"agent not offered", Spec{Game: "mysticelements", Games: 10, Agents: []string{"oracle"}}, 400, "lab.err_agent", 0},
		{"search by time", Spec{Game: "mysticelements", Games: 10, Agents: []string{"ismcts:ms=5000"}}, 400, "lab.err_search", 0},
		{"search too deep", Spec{Game: "mysticelements", Games: 10, Agents: []string{"ismcts:iters=100000"}}, 400, "lab.err_search", 0},
		{"too many seats", Spec{Game: "mysticelements", Games: 10, Seats: 9}, 400, "lab.err_seats", 0},
		{"unknown deck", Spec{Game: "mysticelements", Games: 10, Decks: []string{"Nope"}}, 400, "lab.err_deck", 0},
		{"decks the rules keep apart (ME-8.2)", Spec{Game: "mysticelements", Games: 10, Decks: []string{"Deepwood", "Deepwood"}}, 400, "lab.err_input", 0},
		{"invalid card at its line", withCards(badYAML), 400, "lab.err_cards", 5},
		{"card file over the limit", withCards("# " + strings.Repeat("x", 9<<10) + "\ncards: []\n"), 413, "lab.err_cards_size", 0},
		{"huge body", withCards(strings.Repeat("x", 1<<20)), 413, "lab.err_body_size", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, status, eb := c.submit(tc.spec)
			if status != tc.status || eb.Key != tc.key {
				t.Fatalf("got %d %s (%s), want %d %s", status, eb.Key, eb.Error, tc.status, tc.key)
			}
			if eb.Error == "" || strings.Contains(eb.Error, "lab.err") {
				t.Fatalf("no message in words: %q", eb.Error)
			}
			if tc.line > 0 && (len(eb.Problems) == 0 || eb.Problems[0].Line != tc.line) {
				t.Fatalf("problems %+v, want one at line %d", eb.Problems, tc.line)
			}
		})
	}
	var list map[string][]Run
	c.do("GET", "/api/lab/runs", nil, &list)
	if len(list["runs"]) != 0 {
		t.Fatalf("refused runs were kept: %d", len(list["runs"]))
	}
}

func TestRefusalsSpeakThePagesLanguage(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	apart := Spec{Game: "mysticelements", Games: 10, Decks: []string{"Deepwood", "Deepwood"}}
	for _, tc := range []struct {
		lang         string
		games, decks string // words of the refusals of no games and of decks kept apart (ME-8.2)
	}{{"de", "Partien", "beide Decks spielen Blau"}, {"cs", "her", "oba balíčky hrají barvu Modrá"}, {"en", "games", "both decks use Blue"}} {
		c.lang = tc.lang
		if _, _, eb := c.submit(Spec{Game: "mysticelements", Games: 0}); !strings.Contains(eb.Error, tc.games) {
			t.Errorf("%s: %q lacks %q", tc.lang, eb.Error, tc.games)
		}
		if _, _, eb := c.submit(apart); !strings.Contains(eb.Error, tc.decks) {
			t.Errorf("%s: %q lacks %q", tc.lang, eb.Error, tc.decks)
		}
	}
}

func TestCrossSiteRequestsAreRefused(t *testing.T) {
	_, srv := testLab(t, Limits{})
	for _, h := range []map[string]string{
		{"Content-Type": "text/plain"},
		{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
		{"Content-Type": "application/json", "Origin": "https://evil.example"},
	} {
		req, _ := http.NewRequest("POST", srv.URL+"/api/lab/runs", strings.NewReader(`{"game":"mysticelements","games":10}`))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%v: %d, want 403", h, res.StatusCode)
		}
	}
}

// A sweep of two fields plays every pair of values, the first field's
// changing fastest, each on the same deals, and the run names both fields
// in the reader's words.
func TestSweepOfTwoFieldsPlaysEveryPair(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	c.lang = "de"
	s := quick(10)
	s.Sweep = &SweepSpec{Card: "Wolf Pack", Field: "power", From: 2, To: 3, Field2: "health", From2: 1, To2: 3}
	done := c.play(s, 60)
	if done.Sweep == nil {
		t.Fatal("the sweep ended without its figures")
	}
	var got []string
	for _, p := range done.Sweep.Points {
		got = append(got, strings.Join(p.Values, "/"))
	}
	if s := strings.Join(got, " "); s != "2/1 3/1 2/2 3/2 2/3 3/3" {
		t.Errorf("points %s, want every pair, power fastest", s)
	}
	if done.SweepField != "Stärke" || done.SweepField2 != "Gesundheit" {
		t.Errorf("the fields are named %q and %q, want Stärke and Gesundheit", done.SweepField, done.SweepField2)
	}
}

func TestABodyWithTrailingDataIsRefused(t *testing.T) {
	_, srv := testLab(t, Limits{})
	for _, body := range []string{
		`{"game":"mysticelements","games":10} xyz`,
		`{"game":"mysticelements","games":10}{"game":"athernum"}`,
		`{"game":"mysticelements","games":10}]`,
	} {
		req, _ := http.NewRequest("POST", srv.URL+"/api/lab/runs", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var eb ErrorBody
		json.NewDecoder(res.Body).Decode(&eb)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(eb.Error, "trailing data") {
			t.Errorf("%s: %d %q, want 400 naming the trailing data", body, res.StatusCode, eb.Error)
		}
	}
	c := newClient(t, srv, "")
	var list map[string][]json.RawMessage
	c.do("GET", "/api/lab/runs", nil, &list)
	if len(list["runs"]) != 0 {
		t.Fatalf("a refused body started %d runs", len(list["runs"]))
	}
}

// shippedFile is the text of one of game's card files as the page gets
// it.
func (c *client) shippedFile(game, name string) string {
	c.t.Helper()
	var setup GameSetup
	c.do("GET", "/api/lab/games/"+game, nil, &setup)
	for _, f := range setup.CardFiles {
		if f.Name == name {
			return f.YAML
		}
	}
	c.t.Fatalf("no %s among %d card files of %s", name, len(setup.CardFiles), game)
	return ""
}

// checkEdit checks the game's shipped file with old replaced by new,
// which must pass.
func checkEdit(t *testing.T, game, file, old, new string) CheckResponse {
	t.Helper()
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	edited := strings.Replace(c.shippedFile(game, file), old, new, 1)
	var res CheckResponse
	if status, eb := c.do("POST", "/api/lab/check", CheckRequest{Game: game, CardFile: file, Cards: edited}, &res); status != 200 {
		t.Fatalf("check: %d %s %+v", status, eb.Error, eb.Problems)
	}
	return res
}

// A card file the YAML library itself fails on is refused as a problem
// of the file, in the check and in a run, and the lab answers on.
func TestACardFileTheYAMLReaderFailsOnIsRefused(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	cards := "cards: !000000000000\n0000000 0000000000000000000000000000000000000"
	for _, req := range []struct {
		path string
		body any
	}{
		{"/api/lab/check", CheckRequest{Game: "mysticelements", CardFile: "red.yaml", Cards: cards}},
		{"/api/lab/runs", Spec{Game: "mysticelements", Games: 10, CardFile: "red.yaml", Cards: cards}},
	} {
		status, eb := c.do("POST", req.path, req.body, nil)
		if status != http.StatusBadRequest || len(eb.Problems) == 0 {
			t.Errorf("%s: %d %q %+v, want 400 with the file's problems", req.path, status, eb.Error, eb.Problems)
		}
	}
	checkEdit(t, "mysticelements", "red.yaml", "Fireball", "Fireball")
}

func TestCheckShowsTheEditedCardsText(t *testing.T) {
	res := checkEdit(t, "mysticelements", "red.yaml", "{name: Fireball, type: wonder, cost: 3, abilities: [\"play: damage 3 to any\"]}",
		"{name: Fireball, type: wonder, cost: 3, abilities: [\"play: damage 5 to any\"]}")
	if len(res.Cards) != 1 || res.Cards[0].Name != "Fireball" || !strings.Contains(res.Cards[0].Text, "5") ||
		!strings.Contains(res.Cards[0].Was, "3") {
		t.Fatalf("edited cards %+v, want Fireball dealing 5 where it dealt 3", res.Cards)
	}
	if got := fmt.Sprint(res.Sweepable); got != "[{Fireball Red [{cost cost 3 0..9}]}]" {
		t.Errorf("a sweep may vary %s, want Fireball's cost", got)
	}
}

// The edited file takes the place of the game's file of its name, so a
// card renamed in it is renamed: the check shows the new card, and the
// old one as removed with its text. In Mystic Elements every preset
// holds the card, under its new name now.
func TestCheckShowsARenamedCardAsAddedAndRemoved(t *testing.T) {
	for _, tc := range []struct{ game, file, from, to string }{
		{"mystimons", "fire.yaml", "Pyrathor", "Pyrathox"},
		{"mysticelements", "red.yaml", "Fireball", "Firebolt"},
	} {
		res := checkEdit(t, tc.game, tc.file, "{name: "+tc.from+",", "{name: "+tc.to+",")
		var got []string
		for _, e := range res.Cards {
			got = append(got, fmt.Sprintf("%s added=%v removed=%v text=%v was=%v", e.Name, e.Added, e.Removed, e.Text != "", e.Was != ""))
		}
		want := []string{tc.to + " added=true removed=false text=true was=false", tc.from + " added=false removed=true text=false was=true"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: edited cards %q, want %q", tc.game, got, want)
		}
	}
}

// A card removed in the editor makes the presets holding it illegal: the
// check names them and why, runs play without them, and a seat that asks
// for one is refused with the decks there are.
func TestARemovedCardLeavesOutThePresetsThatHoldIt(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	ember := c.shippedFile("athernum", "ember.yaml")
	start := strings.Index(ember, "  - name: Cinder Scout\n")
	end := start + 1 + strings.Index(ember[start+1:], "  - name: ")
	edited := ember[:start] + ember[end:]
	var res CheckResponse
	if status, eb := c.do("POST", "/api/lab/check", CheckRequest{Game: "athernum", CardFile: "ember.yaml", Cards: edited}, &res); status != 200 {
		t.Fatalf("check: %d %s %+v", status, eb.Error, eb.Problems)
	}
	if got := fmt.Sprint(res.LeftOut); got != "[{Ember Assault Cinder Scout: no such card}]" {
		t.Errorf("left out %s, want Ember Assault for its Cinder Scout", got)
	}
	s := quick(4)
	s.Game, s.CardFile, s.Cards, s.Decks = "athernum", "ember.yaml", edited, []string{"Ember Assault", ""}
	if _, status, eb := c.submit(s); status != 400 || eb.Key != "lab.err_deck" || !strings.Contains(eb.Error, "Grove Growth") {
		t.Errorf("a seat asking for the left-out preset: %d %s %q", status, eb.Key, eb.Error)
	}
	s.Decks = []string{"Grove Growth", "Tide Control"}
	c.play(s, 4) // fails unless all 4 games are played
}

// A card the editor adds may be varied by a sweep or a tuning run, with
// its numbers as edited.
func TestCheckOffersANewCardToSweeps(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	ember := c.shippedFile("athernum", "ember.yaml")
	edited := strings.Replace(ember, "cards:\n", "cards:\n  - {name: Ash Herald, type: character, faction: ember, cost: 1, ofv: 2, dfv: 1}\n", 1)
	var res CheckResponse
	if status, eb := c.do("POST", "/api/lab/check", CheckRequest{Game: "athernum", CardFile: "ember.yaml", Cards: edited}, &res); status != 200 {
		t.Fatalf("check: %d %s %+v", status, eb.Error, eb.Problems)
	}
	if got := fmt.Sprint(res.Sweepable); got != "[{Ash Herald Ember [{cost cost 1 0..9} {ofv OFV 2 0..20} {dfv DFV 1 0..20}]}]" {
		t.Errorf("a sweep may vary %s, want the Ash Herald's numbers", got)
	}
	s := Spec{Game: "athernum", Games: 10, Agents: []string{"random"}, Seed: 7, CardFile: "ember.yaml", Cards: edited,
		Sweep: &SweepSpec{Card: "Ash Herald", Field: "ofv", From: 1, To: 3}}
	if done := c.play(s, 30); len(done.Sweep.Points) != 3 {
		t.Errorf("the sweep of the new card played %d values", len(done.Sweep.Points))
	}
}

// A page polls the list of runs every few seconds while one plays, so the
// list names a run's edited cards and pasted decks without their text;
// the run itself still has them.
func TestTheListOfRunsLeavesOutCardsAndDecks(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	cards := c.shippedFile("mysticelements", "red.yaml") + "# " + strings.Repeat("pad ", 500) + "\n"
	run, status, eb := c.submit(Spec{Game: "mysticelements", CardFile: "red.yaml", Cards: cards, Games: 2, Agents: []string{"random"}, Seed: 5})
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s %+v", status, eb.Error, eb.Problems)
	}
	c.wait(run.ID)
	var list map[string][]Run
	c.do("GET", "/api/lab/runs", nil, &list)
	if len(list["runs"]) != 1 {
		t.Fatalf("%d runs listed", len(list["runs"]))
	}
	if s := list["runs"][0].Spec; s.Cards != "" || !s.Edited || s.CardFile != "red.yaml" {
		t.Fatalf("listed spec has %d bytes of cards, edited %v, file %q", len(s.Cards), s.Edited, s.CardFile)
	}
	var full Run
	c.do("GET", "/api/lab/runs/"+run.ID, nil, &full)
	if full.Spec.Cards != cards {
		t.Fatalf("the run itself lost its cards: %d bytes", len(full.Spec.Cards))
	}
}

func TestRunUntilPreciseStopsAtItsTarget(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	run, status, eb := c.submit(Spec{Game: "mysticelements", UntilCI: 5, Agents: []string{"random"}, Seed: 3})
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", status, eb.Error)
	}
	done := c.wait(run.ID)
	p := done.Report.Precision
	if done.Status != Done || p == nil || !p.Reached || p.FirstPlayer.High-p.FirstPlayer.Low > 0.10 {
		t.Fatalf("ended %s with precision %+v, want ±5 points reached", done.Status, p)
	}
	if done.First == nil || done.Played != done.Report.Games || done.Played >= done.Planned {
		t.Fatalf("played %d of at most %d, last round's rate %v", done.Played, done.Planned, done.First)
	}
}

// A run the server was playing when it stopped is kept with its inputs
// and shown as interrupted, so that it can be repeated; one another
// server stores as it plays it is shown as it goes.
func TestARunLeftByAStoppedServerIsInterrupted(t *testing.T) {
	store := NewMemStore()
	l, err := New(Config{Games: engine.Games(), Store: store, Who: func(http.ResponseWriter, *http.Request) (string, string) { return "", "" }})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	left := Run{ID: "r1", Owner: "anna", Status: Running, Spec: quick(10), Created: time.Now()}
	if err := store.SaveRun(t.Context(), left); err != nil {
		t.Fatal(err)
	}
	got, err := l.Get(t.Context(), "anna", "r1")
	if err != nil || got.Status != Interrupted || got.Spec.Seed != 7 {
		t.Fatalf("got %+v, %v: want the run interrupted with its inputs", got, err)
	}
	list, _ := l.List(t.Context(), "anna")
	if len(list) != 1 || list[0].Status != Interrupted {
		t.Fatalf("listed %+v", list)
	}
	// One that another server sharing the store stored a moment ago
	// plays there.
	elsewhere := Run{ID: "r2", Owner: "anna", Status: Running, Played: 40, Created: time.Now(), Updated: time.Now()}
	if err := store.SaveRun(t.Context(), elsewhere); err != nil {
		t.Fatal(err)
	}
	if got, err := l.Get(t.Context(), "anna", "r2"); err != nil || got.Status != Running || got.Played != 40 {
		t.Fatalf("a run stored lately elsewhere: %+v, %v; want it running with its progress", got, err)
	}
}

func TestSweepPlaysEveryValueOnTheSameDeals(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	s := quick(30)
	s.Sweep = &SweepSpec{Card: "Fireball", Field: "cost", From: 2, To: 4}
	run, status, eb := c.submit(s)
	if status != http.StatusAccepted || run.Planned != 90 {
		t.Fatalf("submit: %d %s, planned %d, want 90 games", status, eb.Error, run.Planned)
	}
	done := c.wait(run.ID)
	if done.Status != Done || done.Sweep == nil || len(done.Sweep.Points) != 3 || done.Played != 90 || done.Sweep.Seed != 7 {
		t.Fatalf("sweep ended %s: %+v", done.Status, done.Sweep)
	}
	for i, p := range done.Sweep.Points {
		if want := itoa(2 + i); p.Values[0] != want {
			t.Errorf("point %d at %v, want %s", i, p.Values, want)
		}
	}
	res, err := c.http.Get(srv.URL + "/api/lab/runs/" + run.ID + "/report")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), "<svg") {
		t.Fatal("the sweep's report has no chart")
	}
	var whole sim.Sweep
	if status, eb := c.do("GET", "/api/lab/runs/"+run.ID+"/report.json", nil, &whole); status != http.StatusOK || len(whole.Points) != 3 || whole.Card != "Fireball" {
		t.Errorf("the sweep's report.json: %d %s, %+v", status, eb.Error, whole)
	}
	if status, eb := c.do("GET", "/api/lab/compare?a="+run.ID+"&b="+run.ID, nil, nil); status != 400 || eb.Key != "lab.err_compare_sweep" {
		t.Fatalf("comparing sweeps: %d %s", status, eb.Key)
	}
	for _, bad := range []struct {
		sweep SweepSpec
		games int
		key   string
	}{
		{SweepSpec{Card: "Nonesuch", Field: "cost", From: 1, To: 3}, 10, "lab.err_input"},
		{SweepSpec{Card: "Fireball", Field: "cost", From: 1, To: 30}, 10, "lab.err_sweep_values"},
		{SweepSpec{Card: "Fireball", Field: "cost", From: 1, To: 3}, 50_000, "lab.err_sweep_games"},
		{SweepSpec{Card: "Fireball", Field: "cost", From: 1, To: 3, Figure: "winner"}, 10, "lab.err_sweep_figure"},
		{SweepSpec{Card: "Fireball", Field: "cost", From: 1, To: 3, Figure: "deck:x"}, 10, "lab.err_sweep_deck"},
		{SweepSpec{Card: "Fireball", Field: "cost", From: 1, To: 3, Figure: "start:Fireball"}, 10, "lab.err_sweep_start"}, // the game sets no start card aside
		{SweepSpec{Card: "Fireball", Field: "cost", From: 3, To: 1}, 10, "lab.err_sweep_values"},
		{SweepSpec{Card: "Fireball", Field: "cost", From: 0, To: 1_000_000_000}, 10, "lab.err_sweep_values"},
		{SweepSpec{Card: "Wolf Pack", Field: "power", From: 1, To: 3, Field2: "health", From2: 1, To2: 9}, 10, "lab.err_sweep_lines"},
		{SweepSpec{Card: "Wolf Pack", Field: "power", From: 1, To: 3, Field2: "health", From2: 2, To2: 2}, 10, "lab.err_sweep_lines"},
		{SweepSpec{Card: "Wolf Pack", Field: "power", From: 1, To: 3, Field2: "power", From2: 1, To2: 2}, 10, "lab.err_sweep_same_field"},
		{SweepSpec{Card: "Wolf Pack", Field: "power", From: 1, To: 11, Field2: "health", From2: 1, To2: 5}, 2_000, "lab.err_sweep_games"},
	} {
		s := quick(bad.games)
		s.Sweep = &bad.sweep
		if _, status, eb := c.submit(s); status != 400 || eb.Key != bad.key {
			t.Errorf("%+v: %d %s (%s), want %s", bad.sweep, status, eb.Key, eb.Error, bad.key)
		}
	}
}

func TestASweepOffersTheCardsNumberFieldsInTheGamesWords(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	c.lang = "de"
	var setup GameSetup
	c.do("GET", "/api/lab/games/mysticelements", nil, &setup)
	var fireball SweepCard
	for _, card := range setup.Sweepable {
		if card.Name == "Fireball" {
			fireball = card
		}
	}
	if got := fmt.Sprint(fireball); got != "{Fireball Rot [{cost Kosten 3 0..9}]}" {
		t.Errorf("Fireball: %s, want its cost, 3, named Kosten, bounded 0 to 9, in the group Rot", got)
	}
}

// Every number field of every game's cards is named in German and Czech
// by a word of the game's or the reports', never by its key in the file.
func TestEverySweepableFieldHasAWord(t *testing.T) {
	for _, g := range engine.Games() {
		id := g.Info().ID
		for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
			for _, card := range sweepable(g, l, nil) {
				for _, f := range card.Fields {
					if f.Word == f.Field {
						t.Errorf("%s %s: %s's field %q has no word", id, l, card.Name, f.Field)
					}
				}
			}
		}
	}
}

// A sweep may chart the win rate of a deck a seat plays, and only of
// such a deck.
func TestSweepChartsTheWinRateOfASeatsDeck(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	g, _ := engine.Lookup("mysticelements")
	a, b := g.Presets()[0].Name, g.Presets()[1].Name
	sweep := func(figure string, decks ...string) Spec {
		s := quick(10)
		s.Decks, s.Variant = decks, map[string]string{"colours": "shared"}
		s.Sweep = &SweepSpec{Card: "Wolf Pack", Field: "power", From: 1, To: 2, Figure: figure}
		return s
	}
	run, status, eb := c.submit(sweep("deck:"+b, a, b))
	if status != http.StatusAccepted {
		t.Fatalf("charting %s's win rate: %d %s", b, status, eb.Error)
	}
	done := c.wait(run.ID)
	if done.Status != Done || done.Sweep == nil || !strings.Contains(done.Sweep.Figure, b) {
		t.Fatalf("the sweep ended %s charting %+v, want %s's win rate", done.Status, done.Sweep, b)
	}
	for _, s := range []Spec{sweep("deck:Nope", a, b), sweep("deck:" + b)} {
		if _, status, eb := c.submit(s); status != 400 || eb.Key != "lab.err_sweep_deck" {
			t.Errorf("figure %s with decks %v: %d %s (%s), want lab.err_sweep_deck", s.Sweep.Figure, s.Decks, status, eb.Key, eb.Error)
		}
	}
}

// Where players pick a start card (Athernum), a sweep may chart a card's
// win rate as start card, named as the game names the card; the page is
// told which games have start cards.
func TestSweepChartsAStartCardsWinRate(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	for game, want := range map[string]bool{"athernum": true, "mysticelements": false} {
		var setup GameSetup
		if status, eb := c.do("GET", "/api/lab/games/"+game, nil, &setup); status != http.StatusOK || setup.StartCards != want {
			t.Errorf("%s: %d %s, start cards %v, want %v", game, status, eb.Error, setup.StartCards, want)
		}
	}
	s := Spec{Game: "athernum", Games: 300, Agents: []string{"random"}, Seed: 7,
		Sweep: &SweepSpec{Card: "Grove Matriarch", Field: "vp", From: 3, To: 4, Figure: "start:grove matriarch"}}
	done := c.play(s, 600)
	if done.Sweep == nil || done.Sweep.Figure != "Grove Matriarch as start card: win rate" || len(done.Sweep.Points) != 2 || done.Sweep.Points[0].Figure.N == 0 {
		t.Fatalf("the sweep charted %+v, want Grove Matriarch's win rate as start card", done.Sweep)
	}
	s.Sweep.Figure = "start:Nope"
	if _, status, eb := c.submit(s); status != 400 || eb.Key != "lab.err_sweep_start" {
		t.Errorf("a card the game lacks: %d %s (%s), want lab.err_sweep_start", status, eb.Key, eb.Error)
	}
}
