package lab

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// The run's report speaks the reader's language: the page declares it,
// the title counts games in its words, and the headings are its own.
func TestReportSpeaksTheReadersLanguage(t *testing.T) {
	_, srv := testLab(t, Limits{})
	anna := newClient(t, srv, "")
	run, status, eb := anna.submit(quick(12))
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", status, eb.Error)
	}
	anna.wait(run.ID)
	for _, c := range []struct {
		lang  string
		wants []string
	}{
		{"de", []string{`<html lang="de">`, "Mystic Elements: 12 Partien", "Überblick", "Siegraten", "Startspieler gewinnt"}},
		{"cs", []string{`<html lang="cs">`, "Mystic Elements: 12 partií", "Přehled", "Podíly výher", "začínající hráč vyhrává"}},
		{"en", []string{`<html lang="en">`, "Mystic Elements: 12 games", "Summary", "Win rates", "first player wins"}},
	} {
		req, _ := http.NewRequest("GET", srv.URL+"/api/lab/runs/"+run.ID+"/report", nil)
		req.Header.Set("Accept-Language", c.lang)
		res, err := anna.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: report %d", c.lang, res.StatusCode)
		}
		for _, want := range c.wants {
			if !strings.Contains(string(page), want) {
				t.Errorf("the %s report lacks %q", c.lang, want)
			}
		}
	}
}
