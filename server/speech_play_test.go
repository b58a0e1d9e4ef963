package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// stateIn is a seat's state message as a browser asking for lang reads it.
func (e *testEnv) stateIn(id, token, lang string) StateMsg {
	e.t.Helper()
	var m StateMsg
	req, _ := http.NewRequest("GET", e.http.URL+"/api/games/"+id+"?token="+token, nil)
	req.Header.Set("Accept-Language", lang)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil || res.StatusCode != http.StatusOK {
		e.t.Fatalf("state in %s: %d %v", lang, res.StatusCode, err)
	}
	return m
}

// TestTheTableSpeaksEachReadersLanguage: the same action is a German,
// English or Czech button for the player who may take it, and the log
// line of it names the player by the name they chose, in the language
// of whoever reads it.
func TestTheTableSpeaksEachReadersLanguage(t *testing.T) {
	e := newEnv(t)
	req := friendGame("microlife")
	req.First = 1
	resp := e.create(req)
	ben := tokenOfSeat(resp, 1)
	anna := e.dial(resp.ID, resp.Token+"&name=Anna&lang=de")
	anna.next("state")
	var end string
	for range 20 {
		m := e.stateIn(resp.ID, resp.Token, "en")
		for _, a := range m.Legal {
			if a.Label == "End my turn" {
				end = a.Action
			}
		}
		if end != "" || len(m.Legal) == 0 {
			break
		}
		e.playOne(resp)
	}
	if end == "" {
		t.Fatal("p1 never had End my turn")
	}
	for lang, want := range map[string]string{"de-DE,de;q=0.9": "Zug beenden", "cs": "Ukončit tah"} {
		found := false
		for _, a := range e.stateIn(resp.ID, resp.Token, lang).Legal {
			found = found || a.Action == end && a.Label == want
		}
		if !found {
			t.Errorf("in %s the end of the turn is not the button %q", lang, want)
		}
	}
	if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: resp.Token, Action: end}, nil); code != http.StatusOK {
		t.Fatalf("ending the turn: %d %s", code, body)
	}
	for lang, want := range map[string]string{"cs": "Anna končí tah", "en": "Anna ends the turn", "de": "Anna beendet den Zug"} {
		log := e.stateIn(resp.ID, ben, lang).Log
		if len(log) == 0 || log[len(log)-1].Label != want {
			t.Errorf("in %s Ben's log ends %+v, want %q", lang, log[len(log)-1:], want)
		}
	}
}
