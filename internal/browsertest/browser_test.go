package browsertest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A page's content policy refusing its inline script is seen, so a
// policy that breaks a page fails the browser tests that open it.
func TestPolicyRefusalsAreSeen(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "script-src 'self'")
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><p id="p">before</p><script>document.getElementById("p").textContent = "ran"</script>`))
	}))
	defer site.Close()
	ctx, refusals := newTab(t, time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(site.URL), chromedp.WaitVisible("#p")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(refusals()) == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	got := refusals()
	if len(got) == 0 || !strings.Contains(got[0], "script") {
		t.Fatalf("the refused inline script was not seen: %q", got)
	}
}
