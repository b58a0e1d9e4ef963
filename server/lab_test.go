package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// The lab's card checks and runs each ask the server for work: one
// address asking faster than the lab's rate is answered 429 with a
// Retry-After, in the reader's language, before its body is read.
func TestLabBoundsHowOftenAnAddressAsksForWork(t *testing.T) {
	e := newEnv(t)
	var refused *http.Response
	var body string
	for i := 0; i < labBurst+5 && refused == nil; i++ {
		req, _ := http.NewRequest("POST", e.http.URL+"/api/lab/check", strings.NewReader(`{"game":"trick","card_file":"none","cards":""}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "de")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests {
			refused, body = res, string(raw)
		}
	}
	if refused == nil {
		t.Fatalf("%d checks from one address at once were all taken, want a 429 beyond %d", labBurst+5, labBurst)
	}
	if refused.Header.Get("Retry-After") == "" || !strings.Contains(body, "Zu viele Anfragen an das Labor") || !strings.Contains(body, `"lab_requests"`) {
		t.Errorf("the refusal: Retry-After %q, body %s; want a wait and the German words with their code", refused.Header.Get("Retry-After"), body)
	}
	// A run asked for from the same address is bounded by the same bucket.
	if code, _ := e.call("POST", "/api/lab/runs", map[string]any{"game": "trick"}, nil); code != http.StatusTooManyRequests {
		t.Errorf("a run asked for right after: %d, want 429", code)
	}
}
