package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"kartenwerk/platform/codes"
)

// testPepperSecret is the codes pepper of the tests: it must never show
// in the log or an answer.
const testPepperSecret = "test-pepper-0123456789-abcdefghijklmnopqrstuvwxyz"

// codesEnv is a server with the codes pepper, a publisher "pub" and one
// imported print run.
type codesEnv struct {
	*accountEnv
	pub  *browser
	run  *codes.Run
	hash string // hashes.csv of run
}

func newCodesEnv(t *testing.T, n int) *codesEnv {
	t.Helper()
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	e := newAccountEnv(t, func(c *Config) { c.CodesPepper = &pepper })
	run, err := codes.NewRun(codes.Printing{Game: "athernum", Card: "Ember Fox", Printing: "first edition"}, n)
	if err != nil {
		t.Fatal(err)
	}
	var hashes bytes.Buffer
	if err := run.WriteHashes(&hashes, pepper); err != nil {
		t.Fatal(err)
	}
	pub := e.browser()
	pub.signup("pub", alicePassword)
	if err := e.store.(CodeStore).SetPublisher(t.Context(), "PUB", true); err != nil {
		t.Fatal(err)
	}
	ce := &codesEnv{accountEnv: e, pub: pub, run: run, hash: hashes.String()}
	if res, raw := pub.post("/api/codes/import", ce.hash); res.StatusCode != http.StatusOK || !strings.Contains(raw, `"added":`+strconv.Itoa(n)) {
		t.Fatalf("import: %d %s, want 200 with %d added", res.StatusCode, raw, n)
	}
	return ce
}

// post sends a raw text body, as a publisher's upload of hashes.csv.
func (b *browser) post(path, body string) (*http.Response, string) {
	b.t.Helper()
	return b.send("POST", path, strings.NewReader(body), "text/csv")
}

func (e *codesEnv) player(name string) *browser {
	b := e.browser()
	b.signup(name, alicePassword)
	return b
}

func registration(t *testing.T, raw string) Registration {
	t.Helper()
	var r Registration
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatalf("registration answer %s: %v", raw, err)
	}
	return r
}

func TestCodeRegistersOnceAndCopiesAreFlagged(t *testing.T) {
	e := newCodesEnv(t, 3)
	alice, bob := e.player("alice"), e.player("bob")
	code := e.run.Codes[0]
	// Typed sloppily: lower case, spaces, O for 0 would all read back.
	typed := strings.ToLower(strings.ReplaceAll(code.String(), "-", " "))
	_, raw := alice.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{typed})
	if r := registration(t, raw); r.Status != "registered" || r.Card.Card != "Ember Fox" || !strings.Contains(r.Message, "your collection") {
		t.Errorf("first registration: %+v", r)
	}
	_, raw = alice.expect(http.StatusOK, "POST", "/api/codes/register", CodeEntry{codes.Link{}.Payload(code)})
	if r := registration(t, raw); r.Status != "already_yours" || !strings.Contains(r.Message, "already") {
		t.Errorf("the same account, scanning the same code: %+v, want already_yours", r)
	}
	_, raw = bob.expect(http.StatusConflict, "POST", "/api/codes/register", CodeEntry{code.String()})
	if !strings.Contains(raw, "someone else") {
		t.Errorf("a copy used by another account: %s", raw)
	}
	var flags struct{ Flags []CodeFlag }
	_, raw = e.pub.expect(http.StatusOK, "GET", "/api/codes/flags", nil)
	json.Unmarshal([]byte(raw), &flags)
	if len(flags.Flags) != 1 || flags.Flags[0].Owner != "alice" || flags.Flags[0].AttemptBy != "bob" || flags.Flags[0].Card.Card != "Ember Fox" {
		t.Errorf("flags: %s, want one of bob trying alice's Ember Fox", raw)
	}
	alice.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{e.run.Codes[1].String()})
	var coll struct{ Cards []CollectionEntry }
	_, raw = alice.expect(http.StatusOK, "GET", "/api/collection", nil)
	json.Unmarshal([]byte(raw), &coll)
	if len(coll.Cards) != 1 || coll.Cards[0].Count != 2 || coll.Cards[0].Printing != "first edition" {
		t.Errorf("alice's collection: %s, want 2 Ember Fox first edition", raw)
	}
	_, raw = bob.expect(http.StatusOK, "GET", "/api/collection", nil)
	if !strings.Contains(raw, `"cards":[]`) {
		t.Errorf("bob's collection: %s, want empty", raw)
	}
}

func TestCodeRegistrationThrottled(t *testing.T) {
	e := newCodesEnv(t, 1)
	mallory := e.player("mallory")
	for i := range codeUserFailuresFree {
		unknown, _ := codes.New()
		if res, raw := mallory.do("POST", "/api/codes/register", CodeEntry{unknown.String()}); res.StatusCode != http.StatusNotFound {
			t.Fatalf("unknown code %d: %d %s, want 404", i+1, res.StatusCode, raw)
		}
	}
	// Throttled now: even a real code waits.
	res, raw := mallory.do("POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d unknown codes: %d %s (Retry-After %q), want 429 with Retry-After",
			codeUserFailuresFree, res.StatusCode, raw, res.Header.Get("Retry-After"))
	}
	// Another account on the same address is not throttled yet.
	other := e.player("other")
	other.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	e.clock.add(time.Duration(wait) * time.Second)
	// The wait passed: a copy counts as a failure too, and doubles it.
	mallory.expect(http.StatusConflict, "POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	res, _ = mallory.do("POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	if next, _ := strconv.Atoi(res.Header.Get("Retry-After")); res.StatusCode != http.StatusTooManyRequests || next <= wait {
		t.Errorf("after one more failure: %d, Retry-After %d s, want 429 and longer than %d s", res.StatusCode, next, wait)
	}
}

func TestCodeRegistrationThrottledPerAddress(t *testing.T) {
	e := newCodesEnv(t, 1)
	for n := 0; n < codeAddrFailuresFree; {
		b := e.player("guesser" + strconv.Itoa(n))
		for range min(codeUserFailuresFree, codeAddrFailuresFree-n) {
			unknown, _ := codes.New()
			b.expect(http.StatusNotFound, "POST", "/api/codes/register", CodeEntry{unknown.String()})
			n++
		}
	}
	fresh := e.player("fresh")
	if res, raw := fresh.do("POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a fresh account on an address with %d failures: %d %s, want 429", codeAddrFailuresFree, res.StatusCode, raw)
	}
}

func TestOnlyCodeHashesStored(t *testing.T) {
	e := newCodesEnv(t, 5)
	alice := e.player("alice")
	alice.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	rows, err := e.store.(*sqlStore).read.Query(`SELECT * FROM card_codes`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var dump strings.Builder
	n := 0
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			dump.WriteString(strings.ToUpper(toText(v)) + "\n")
		}
		n++
	}
	if n != 5 {
		t.Fatalf("%d rows in card_codes, want 5", n)
	}
	for _, c := range e.run.Codes {
		for _, form := range []string{c.String(), c.Compact()} {
			if strings.Contains(dump.String(), form) {
				t.Errorf("the code %s is stored in card_codes", form)
			}
		}
	}
}

func toText(v any) string {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return ""
}

func TestCodeRoutesRefuseWhoMayNot(t *testing.T) {
	e := newCodesEnv(t, 1)
	alice := e.player("alice")
	for _, c := range []struct{ method, path string }{{"POST", "/api/codes/import"}, {"GET", "/api/codes/flags"}} {
		var res *http.Response
		var raw string
		if c.method == "POST" {
			res, raw = alice.post(c.path, e.hash)
		} else {
			res, raw = alice.do(c.method, c.path, nil)
		}
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("a player's %s %s: %d %s, want 403", c.method, c.path, res.StatusCode, raw)
		}
	}
	anon := e.browser()
	for _, path := range []string{"/api/codes/register", "/api/collection", "/api/codes/flags"} {
		method := "GET"
		if path == "/api/codes/register" {
			method = "POST"
		}
		if res, raw := anon.do(method, path, CodeEntry{e.run.Codes[0].String()}); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s %s logged out: %d %s, want 401", method, path, res.StatusCode, raw)
		}
	}
	good := alice.csrf
	alice.csrf = ""
	if res, raw := alice.do("POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()}); res.StatusCode != http.StatusForbidden {
		t.Errorf("a registration without the CSRF token: %d %s, want 403", res.StatusCode, raw)
	}
	alice.csrf = good
	// None of the refusals above registered the code.
	alice.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
}

func TestCodeImportAndEntryErrors(t *testing.T) {
	e := newCodesEnv(t, 2)
	cases := []struct{ name, body, want string }{
		{"no header", "abc,athernum,x,y\n", "starts with the line"},
		{"a bad hash", "hash,game,card,printing\nabc,athernum,x,y\n", "line 2"},
		{"an empty body", "", "starts with the line"},
	}
	for _, c := range cases {
		if res, raw := e.pub.post("/api/codes/import", c.body); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, c.want) {
			t.Errorf("import of %s: %d %s, want 400 naming %q", c.name, res.StatusCode, raw, c.want)
		}
	}
	res, raw := e.pub.post("/api/codes/import", e.hash)
	if res.StatusCode != http.StatusOK || !strings.Contains(raw, `"added":0`) {
		t.Errorf("the same run imported again: %d %s, want 200 with 0 added", res.StatusCode, raw)
	}
	alice := e.player("alice")
	typo := []byte(e.run.Codes[0].String())
	typo[0], typo[1] = typo[1], typo[0]
	if typo[0] != typo[1] {
		res, raw := alice.do("POST", "/api/codes/register", CodeEntry{string(typo)})
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "not a card code") {
			t.Errorf("a swapped pair: %d %s, want 400 saying it is not a code", res.StatusCode, raw)
		}
	}
}

func TestCodesPepperNeverLogged(t *testing.T) {
	e := newCodesEnv(t, 2)
	alice, bob := e.player("alice"), e.player("bob")
	alice.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	bob.expect(http.StatusConflict, "POST", "/api/codes/register", CodeEntry{e.run.Codes[0].String()})
	e.pub.expect(http.StatusOK, "GET", "/api/codes/flags", nil)
	unknown, _ := codes.New()
	bob.expect(http.StatusNotFound, "POST", "/api/codes/register", CodeEntry{unknown.String()})
	logs := e.log.String()
	if !strings.Contains(logs, "card registered") {
		t.Fatalf("the log has no registration, so the test reads the wrong log:\n%s", logs)
	}
	for _, b := range []*browser{alice, bob, e.pub} {
		if strings.Contains(b.bodies.String(), testPepperSecret) {
			t.Error("the pepper is in an answer")
		}
	}
	if strings.Contains(logs, testPepperSecret) {
		t.Error("the pepper is in the log")
	}
	if strings.Contains(logs, e.run.Codes[0].String()) || strings.Contains(logs, e.run.Codes[0].Compact()) {
		t.Error("a code is in the log")
	}
}

// A registered card's message names its printing as the collection page
// does, in the reader's language ("Erstauflage", "První vydání"), never
// by the print run's id ("first").
func TestCodeRegisteredNamesThePrintingInWords(t *testing.T) {
	e := newCodesEnv(t, 1)
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	run, err := codes.NewRun(codes.Printing{Game: "mystimons", Card: "Terrix", Printing: "first"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var hashes bytes.Buffer
	if err := run.WriteHashes(&hashes, pepper); err != nil {
		t.Fatal(err)
	}
	if res, raw := e.pub.post("/api/codes/import", hashes.String()); res.StatusCode != http.StatusOK {
		t.Fatalf("import: %d %s", res.StatusCode, raw)
	}
	alice := e.player("alice")
	for i, want := range []string{
		"Terrix (First edition) is now in your collection.",
		"Terrix (Erstauflage) ist jetzt in deiner Sammlung.",
		"Terrix (První vydání) je teď ve vaší sbírce.",
	} {
		lang := []string{"en", "de", "cs"}[i]
		_, raw := alice.expect(http.StatusCreated, "POST", "/api/codes/register?lang="+lang, CodeEntry{run.Codes[i].String()})
		if r := registration(t, raw); r.Message != want {
			t.Errorf("%s: registered says %q, want %q", lang, r.Message, want)
		}
	}
}
