package server

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

func TestLogLinesNameSeatsByTheirNamesWhenRead(t *testing.T) {
	e := logEntry{seat: 0, labels: [][]string{
		i18n.EN: {"you play Flaru", namePlaceholders[0] + " plays a card", namePlaceholders[0] + " plays a card"},
		i18n.DE: {"du spielst Flaru", namePlaceholders[0] + " spielt eine Karte", namePlaceholders[0] + " spielt eine Karte"},
		i18n.CS: {"hrajete Flaru", namePlaceholders[0] + " hraje kartu", namePlaceholders[0] + " hraje kartu"},
	}}
	cases := []struct {
		viewer engine.Seat
		w      engine.Words
		want   string
	}{
		{0, engine.Words{Lang: i18n.DE}, "du spielst Flaru"},
		{1, engine.Words{Lang: i18n.DE, Names: []string{"Anna", ""}}, "Anna spielt eine Karte"},
		{1, engine.Words{Lang: i18n.CS}, "Hráč 1 hraje kartu"},
		{engine.NoSeat, engine.Words{Lang: i18n.EN, Names: []string{"Anna"}}, "Anna plays a card"},
	}
	var log gameLog
	log.add(logEntry{seat: 1, labels: [][]string{i18n.EN: {"x", "y", "z"}, i18n.DE: {"x", "y", "z"}, i18n.CS: {"x", "y", "z"}}})
	log.add(e)
	for _, c := range cases {
		if got := log.label(1, c.viewer, c.w); got != c.want {
			t.Errorf("viewer %v in %s: %q, want %q", c.viewer, c.w.Lang, got, c.want)
		}
	}
}

func TestLabelsOfShareTheSpectatorsString(t *testing.T) {
	labels := labelsOf(3, func(v engine.Seat) string {
		if v == 1 {
			return "you draw Flaru"
		}
		return "P2 draws a card"
	})
	if labels[1] != "you draw Flaru" || labels[0] != labels[3] || labels[2] != labels[3] {
		t.Errorf("labels = %q", labels)
	}
}

func TestCleanNameRefusesWhatCannotBeAName(t *testing.T) {
	good := map[string]string{"Anna": "Anna", "  Jiří  Novák ": "Jiří Novák", "": "", "O'Neil-2": "O'Neil-2"}
	for in, want := range good {
		if got, err := cleanName(in); err != nil || got != want {
			t.Errorf("cleanName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"<script>", "Anna\x01", strings.Repeat("a", maxNameRunes+1), "a/b"} {
		_, err := cleanName(bad)
		if err == nil {
			t.Errorf("cleanName(%q) accepted", bad)
			continue
		}
		// The refusal says why in the reader's words, never in English.
		if de, en := sayError(err, i18n.DE), sayError(err, i18n.EN); codeOf(err) == "" || de == en {
			t.Errorf("cleanName(%q): code %q, German %q, English %q; want a code and German words", bad, codeOf(err), de, en)
		}
	}
}

func TestGamesListSpeaksTheReadersLanguage(t *testing.T) {
	e := newEnv(t)
	for lang, want := range map[string]string{"de": "Zwei Zauberer", "cs": "Dva čarodějové", "en": "Two wizards"} {
		req, _ := http.NewRequest("GET", e.http.URL+"/api/catalog", nil)
		req.Header.Set("Accept-Language", lang)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var c struct{ Games []GameInfo }
		json.NewDecoder(res.Body).Decode(&c)
		res.Body.Close()
		found := false
		for _, g := range c.Games {
			found = found || g.ID == "mysticelements" && strings.HasPrefix(g.Summary, want)
		}
		if !found {
			t.Errorf("in %s Mystic Elements' summary does not begin %q", lang, want)
		}
	}
}

// TestCatalogVariantWordsInTheReadersLanguage checks that the lobby's rule
// variants come with their name, doc and option words in the reader's
// language, while key, options and default stay the ids a new game takes
// (ZY-10.1: when combat happens).
func TestCatalogVariantWordsInTheReadersLanguage(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		lang, name, doc, round, end string
	}{
		{"de", "Zeitpunkt des Kampfes", "Wann gekämpft wird", "jede Runde", "nach Runde 5"},
		{"cs", "Načasování boje", "Kdy se bojuje", "každé kolo", "po 5. kole"},
		{"en", "Combat timing", "when combat happens", "each round", "after round 5"},
	} {
		v := catalogVariant(t, e.http.URL, tc.lang, "zynalith", "combat")
		if v.Name != tc.name || v.OptionNames["round"] != tc.round || v.OptionNames["end"] != tc.end {
			t.Errorf("%s: combat variant reads %q with options %v, want %q, %q and %q", tc.lang, v.Name, v.OptionNames, tc.name, tc.round, tc.end)
		}
		if !strings.HasPrefix(v.Doc, tc.doc) || !strings.Contains(v.Doc, "ZY-10.1") {
			t.Errorf("%s: combat variant's doc %q does not begin %q and name ZY-10.1", tc.lang, v.Doc, tc.doc)
		}
		if v.Key != "combat" || v.Default != "round" || !slices.Equal(v.Options, []string{"round", "turn", "end"}) {
			t.Errorf("%s: the ids changed: key %q, default %q, options %v", tc.lang, v.Key, v.Default, v.Options)
		}
	}
}

// catalogVariant fetches /api/catalog in lang and returns game's variant key.
func catalogVariant(t *testing.T, base, lang, game, key string) VariantInfo {
	t.Helper()
	res, err := http.Get(base + "/api/catalog?lang=" + lang)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c struct{ Games []GameInfo }
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	for _, g := range c.Games {
		for _, v := range g.Variants {
			if g.ID == game && v.Key == key {
				return v
			}
		}
	}
	t.Fatalf("/api/catalog lists no variant %q of %s", key, game)
	return VariantInfo{}
}

// The log keeps words only in its readers' languages, and a reader of a
// new language mid-game reads every line so far as if the game had spoken
// that language from the first move.
func TestTheLogSpeaksAReadersLanguageFromItsFirstReader(t *testing.T) {
	s := midgameSessionIn(t, i18n.DE)
	for _, l := range []i18n.Lang{i18n.EN, i18n.CS} {
		if kept := s.log.texts[l]; len(kept.lines) > 0 {
			t.Fatalf("the log was put into %s, which nobody reads: %q", l, kept.text)
		}
	}
	g, err := s.srv.store.LoadGame(context.Background(), s.id)
	if err != nil {
		t.Fatal(err)
	}
	late, err := restore(s.srv, g)
	if err != nil {
		t.Fatal(err)
	}
	for _, controls := range [][]engine.Seat{nil, {0}, {1}} {
		want, got := s.stateLocked(controls, i18n.DE).Log, late.stateLocked(controls, i18n.DE).Log
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Fatalf("seats %v: the log read first after %d moves\n%v\nwant, as read from the first move,\n%v", controls, s.log.len(), got, want)
		}
	}
	if de, cs := late.stateLocked(nil, i18n.DE).Log[0].Label, late.stateLocked(nil, i18n.CS).Log[0].Label; de == cs {
		t.Errorf("a Czech reader reads the German line %q", de)
	}
}
