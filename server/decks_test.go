package server

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func savedDeck(t *testing.T, raw string) SavedDeck {
	t.Helper()
	var d SavedDeck
	if err := json.Unmarshal([]byte(raw), &d); err != nil || d.ID == "" {
		t.Fatalf("saved deck %s: %v", raw, err)
	}
	return d
}

func TestSavedDecksSaveListRenameExportDelete(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice := e.browser()
	alice.signup("alice", alicePassword)
	_, raw := alice.expect(http.StatusCreated, "POST", "/api/decks", SaveDeckRequest{Game: "Athernum", List: "name: Sparks\n3 Cinder Scout  # fast\n"})
	d := savedDeck(t, raw)
	if d.Name != "Sparks" || d.Game != "athernum" || strings.Contains(d.List, "name:") || d.Share == "" {
		t.Errorf("saved %+v, want Sparks of athernum, the name beside the list, a share token", d)
	}
	alice.expect(http.StatusCreated, "POST", "/api/decks", SaveDeckRequest{Game: "zynalith", Name: "Empty for now"})
	var list struct{ Decks []SavedDeck }
	_, raw = alice.expect(http.StatusOK, "GET", "/api/decks?game=athernum", nil)
	json.Unmarshal([]byte(raw), &list)
	if len(list.Decks) != 1 || list.Decks[0].ID != d.ID {
		t.Errorf("athernum decks: %s, want Sparks alone", raw)
	}
	alice.expect(http.StatusOK, "POST", "/api/decks/"+d.ID+"/rename", RenameRequest{Name: "Embers"})
	alice.expect(http.StatusOK, "POST", "/api/decks/"+d.ID, SaveDeckRequest{List: "2 Cinder Scout\n"})
	_, raw = alice.expect(http.StatusOK, "GET", "/api/decks/"+d.ID+"/export", nil)
	if raw != "name: Embers\n2 Cinder Scout\n" {
		t.Errorf("export %q, want the renamed, updated list", raw)
	}
	_, raw = alice.expect(http.StatusOK, "GET", "/api/shared/decks/"+d.Share, nil)
	if !strings.Contains(raw, `"name":"Embers"`) || strings.Contains(raw, d.ID) {
		t.Errorf("shared view %s, want the deck without its id", raw)
	}
	alice.expect(http.StatusOK, "POST", "/api/decks/"+d.ID+"/delete", struct{}{})
	alice.expect(http.StatusNotFound, "GET", "/api/decks/"+d.ID, nil)
	alice.expect(http.StatusNotFound, "GET", "/api/shared/decks/"+d.Share, nil)
}

// TestSavedDecksAreTheirOwnersOnly: another account can neither read,
// change, rename, export nor delete a deck, even knowing its id.
func TestSavedDecksAreTheirOwnersOnly(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice, bob := e.browser(), e.browser()
	alice.signup("alice", alicePassword)
	bob.signup("bob", bobPassword)
	_, raw := alice.expect(http.StatusCreated, "POST", "/api/decks", SaveDeckRequest{Game: "athernum", Name: "Mine", List: "3 Cinder Scout"})
	d := savedDeck(t, raw)
	anonymous := e.browser()
	cases := []struct {
		who          *browser
		method, path string
		body         any
		status       int
	}{
		{bob, "GET", "/api/decks/" + d.ID, nil, http.StatusNotFound},
		{bob, "GET", "/api/decks/" + d.ID + "/export", nil, http.StatusNotFound},
		{bob, "POST", "/api/decks/" + d.ID, SaveDeckRequest{List: "1 Cinder Scout"}, http.StatusNotFound},
		{bob, "POST", "/api/decks/" + d.ID + "/rename", RenameRequest{Name: "Stolen"}, http.StatusNotFound},
		{bob, "POST", "/api/decks/" + d.ID + "/delete", struct{}{}, http.StatusNotFound},
		{anonymous, "GET", "/api/decks/" + d.ID, nil, http.StatusUnauthorized},
		{anonymous, "POST", "/api/decks/" + d.ID + "/delete", struct{}{}, http.StatusUnauthorized},
	}
	for _, c := range cases {
		if res, raw := c.who.do(c.method, c.path, c.body); res.StatusCode != c.status {
			t.Errorf("%s %s by another: %d %s, want %d", c.method, c.path, res.StatusCode, raw, c.status)
		}
	}
	var list struct{ Decks []SavedDeck }
	_, raw = bob.expect(http.StatusOK, "GET", "/api/decks", nil)
	json.Unmarshal([]byte(raw), &list)
	if len(list.Decks) != 0 {
		t.Errorf("bob lists %s", raw)
	}
	_, raw = alice.expect(http.StatusOK, "GET", "/api/decks/"+d.ID, nil)
	if got := savedDeck(t, raw); got.Name != "Mine" || got.List != "3 Cinder Scout\n" {
		t.Errorf("alice's deck after bob's tries: %+v", got)
	}
}

func TestSaveDeckRefusesBadInput(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice := e.browser()
	alice.signup("alice", alicePassword)
	cases := []struct {
		req  SaveDeckRequest
		says string
	}{
		{SaveDeckRequest{Game: "chess", List: "1 Pawn"}, "unknown game"},
		{SaveDeckRequest{Game: "athernum", List: "0 Cinder Scout"}, `"line":1,"message":"count 0 is out of range`},
		{SaveDeckRequest{Game: "athernum", Name: strings.Repeat("x", 61)}, "at most 60"},
		{SaveDeckRequest{Game: "athernum", Name: "a # b"}, "'#'"},
		{SaveDeckRequest{Game: "athernum", List: strings.Repeat("1 Cinder Scout\n", 2000)}, "more than"},
	}
	for _, c := range cases {
		res, raw := alice.do("POST", "/api/decks", c.req)
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, c.says) {
			t.Errorf("save %+v: %d %s, want 400 saying %q", c.req.Name, res.StatusCode, raw, c.says)
		}
	}
}

func TestDeckAndCollectionPagesServed(t *testing.T) {
	e := newAccountEnv(t, nil)
	noFollow := *e.http.Client()
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	cases := []struct {
		path, want string
		status     int
	}{
		{"/decks", "/decks/" + e.srv.games.list[0].Info().ID, http.StatusFound},
		{"/decks?lang=cs&game=zynalith", "/decks/zynalith?lang=cs", http.StatusFound},
		{"/decks?game=nonesuch&lang=de", "/decks/" + e.srv.games.list[0].Info().ID + "?lang=de", http.StatusFound},
		{"/decks/athernum", "decks.js", http.StatusOK},
		{"/collection", "collection.js", http.StatusOK},
		{"/register?code=7KQ2M-XP0AH-3VTBD-9RW4F", "collection.js", http.StatusOK},
	}
	for _, c := range cases {
		res, err := noFollow.Get(e.http.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || !strings.Contains(string(body)+res.Header.Get("Location"), c.want) {
			t.Errorf("GET %s: %d (Location %q), want %d with %q", c.path, res.StatusCode, res.Header.Get("Location"), c.status, c.want)
		}
	}
}
