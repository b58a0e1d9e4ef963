package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `tune --out DIR` writes the card file that plays the best setting: the
// game's ember.yaml with its comments, the tuned cost set, which
// `--cards DIR` then plays. An --out that is a file is refused before any
// game is played.
func TestTuneWritesTheTunedCardFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tuned")
	args := []string{"tune", "athernum", "--param", "Ember Tyrant.cost=3..5", "--budget", "2", "-n", "6", "--confirm", "12", "-j", "1", "--json", "--out", dir}
	out, errOut, err := run(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		Best map[string]any `json:"best"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	cost := fmt.Sprint(b.Best["Ember Tyrant.cost"])
	if !strings.Contains(errOut, "wrote "+filepath.Join(dir, "ember.yaml")) {
		t.Errorf("the progress does not name the file written: %q", errOut)
	}
	written, err := os.ReadFile(filepath.Join(dir, "ember.yaml"))
	if err != nil {
		t.Fatalf("%v (progress: %s)", err, errOut)
	}
	tyrant := string(written[strings.Index(string(written), "name: Ember Tyrant"):])
	if !strings.HasPrefix(string(written), "# Ember: ") || !strings.Contains(tyrant[:strings.Index(tyrant, "abilities")], "cost: "+cost+"\n") {
		t.Errorf("ember.yaml as written, best cost %s:\n%s", cost, written)
	}
	cards, _, err := run(t, "", "--cards", dir, "cards", "athernum", "--json")
	if err != nil || !strings.Contains(cards, `"name": "Ember Tyrant"`) {
		t.Fatalf("--cards %s: %v", dir, err)
	}
	var list []struct {
		Name string `json:"name"`
		Cost string `json:"cost"`
	}
	if err := json.Unmarshal([]byte(cards), &list); err != nil {
		t.Fatal(err)
	}
	for _, c := range list {
		if c.Name == "Ember Tyrant" && c.Cost != cost {
			t.Errorf("--cards plays the Ember Tyrant at cost %s, want the tuned %s", c.Cost, cost)
		}
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, err = run(t, "", append(args[:len(args)-1], file)...)
	if err == nil || !strings.Contains(err.Error(), "not a directory") || errOut != "" {
		t.Errorf("--out a file: %v, progress %q; want a refusal before any game", err, errOut)
	}
}
