package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"kartenwerk/engine/i18n"
)

// TestRegisteringNoDeckSaysWhatToChoose: a registration with neither a
// preset nor a list (the page's "(paste a list)" and nothing pasted) is
// refused with its own code and words in the reader's language, not as
// the preset "" that does not exist.
func TestRegisteringNoDeckSaysWhatToChoose(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup", Game: tourneyGame, Format: FormatSwiss, Rounds: 3})
	var v TournamentView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	p := e.player("player01")
	for _, body := range []DeckRequest{{}, {Preset: "  ", List: "\n  \n"}} {
		texts := map[i18n.Lang]string{}
		for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
			p.header.Set("Accept-Language", l.String())
			res, got := p.do("POST", "/api/tournaments/"+v.ID+"/register", body)
			if res.StatusCode != http.StatusBadRequest {
				t.Errorf("registering %+v in %s: %d %s, want 400", body, l, res.StatusCode, got)
			}
			texts[l] = checkRefusalIn(t, "no deck chosen", l, res.StatusCode, got, "deck_none_chosen")
		}
		checkNotEnglish(t, "no deck chosen", texts)
		if want := "choose a preset deck or paste your deck list"; texts[i18n.EN] != want {
			t.Errorf("in English: %q, want %q", texts[i18n.EN], want)
		}
	}
	if v := org.tournament(v.ID); len(v.Entrants) != 0 {
		t.Errorf("an empty registration entered %+v", v.Entrants)
	}
}
