package browsertest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A page's content policy refusing its inline script is seen, and so are
// an uncaught exception, a rejected promise and a null written as text, so that a policy or a
// script that breaks a page fails the browser tests that open it.
func TestPageFaultsAreSeen(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/stray" {
			w.Write([]byte(`<!doctype html><p id="p">x</p><div id="d"></div><script>document.getElementById("d").replaceChildren("Rate: ", null); document.getElementById("p").title = "of " + undefined</script>`))
			return
		}
		if r.URL.Path == "/throws" {
			w.Write([]byte(`<!doctype html><p id="p">x</p><script>async function later() { missing.x = 1 } later(); throw new Error("at once")</script>`))
			return
		}
		w.Header().Set("Content-Security-Policy", "script-src 'self'")
		w.Write([]byte(`<!doctype html><p id="p">before</p><script>document.getElementById("p").textContent = "ran"</script>`))
	}))
	defer site.Close()
	ctx, faults := newTab(t, time.Minute)
	for _, path := range []string{"/", "/throws", "/stray"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(site.URL+path), chromedp.WaitVisible("#p")); err != nil {
			t.Fatal(err)
		}
	}
	wants := []string{"Content Security Policy", "at once", "missing is not defined", `stray text "null" in <div#d> of /stray`, `stray text "of undefined" as the title of <p>`}
	deadline := time.Now().Add(5 * time.Second)
	for len(faults()) < len(wants) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	got := strings.Join(faults(), "\n")
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("the fault %q was not seen; seen: %s", want, got)
		}
	}
}

// A browser that dies between tests (it crashed, or was killed) is
// started again for the next tab: one crash does not fail every test that
// comes after it.
func TestATabAfterTheBrowserDiedGetsANewBrowser(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><p id="p">here</p>`))
	}))
	defer site.Close()
	open := func(t *testing.T) {
		ctx := New(t)
		if err := chromedp.Do(ctx, chromedp.Navigate(site.URL), chromedp.WaitVisible("#p")); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("before", open)
	chromium.mu.Lock()
	process := chromedp.FromContext(chromium.browser).Browser.Process()
	chromium.mu.Unlock()
	if err := process.Kill(); err != nil {
		t.Fatal(err)
	}
	_, _ = process.Wait()
	t.Run("after", open)
}
