package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kartenwerk/platform/codes"
	"kartenwerk/server"
)

// newStoreWithAccount makes a SQLite store holding the account alice.
func newStoreWithAccount(t *testing.T) (string, string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "k.db")
	st, err := server.OpenStore(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acc := server.Account{ID: "alice-id", Username: "Alice", Password: "not a real hash", Created: time.Now()}
	if err := st.(server.AccountStore).CreateAccount(t.Context(), acc); err != nil {
		t.Fatal(err)
	}
	return db, acc.ID
}

func isPublisher(t *testing.T, db, id string) bool {
	return hasRole(t, db, func(st server.Store) (bool, error) { return st.(server.CodeStore).IsPublisher(t.Context(), id) })
}

func isOrganiser(t *testing.T, db, id string) bool {
	return hasRole(t, db, func(st server.Store) (bool, error) { return st.(server.TournamentStore).IsOrganiser(t.Context(), id) })
}

// hasRole opens the store at db and asks it whether an account holds a role.
func hasRole(t *testing.T, db string, holds func(server.Store) (bool, error)) bool {
	t.Helper()
	st, err := server.OpenStore(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ok, err := holds(st)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func TestAccountsGrantAndRevokePublisher(t *testing.T) {
	db, id := newStoreWithAccount(t)
	if isPublisher(t, db, id) {
		t.Fatal("a new account is a publisher")
	}
	if out, _, err := run(t, "", "accounts", "grant", "publisher", "alice", "--db", db); err != nil || !strings.Contains(out, "publisher granted") {
		t.Fatalf("grant: %q %v", out, err)
	}
	if !isPublisher(t, db, id) {
		t.Error("granted, but not a publisher")
	}
	if _, _, err := run(t, "", "accounts", "revoke", "publisher", "ALICE", "--db", db); err != nil || isPublisher(t, db, id) {
		t.Errorf("revoked (%v), but still a publisher", err)
	}
	for _, args := range [][]string{{"grant", "publisher", "nobody"}, {"grant", "admin", "alice"}} {
		if _, _, err := run(t, "", append(append([]string{"accounts"}, args...), "--db", db)...); err == nil {
			t.Errorf("accounts %v: no error", args)
		}
	}
}

func TestAccountsGrantAndRevokeOrganiser(t *testing.T) {
	db, id := newStoreWithAccount(t)
	if isOrganiser(t, db, id) {
		t.Fatal("a new account is an organiser")
	}
	if out, _, err := run(t, "", "accounts", "grant", "organiser", "alice", "--db", db); err != nil || !strings.Contains(out, "organiser granted") {
		t.Fatalf("grant: %q %v", out, err)
	}
	if !isOrganiser(t, db, id) || isPublisher(t, db, id) {
		t.Error("granted organiser: want an organiser and not a publisher")
	}
	if _, _, err := run(t, "", "accounts", "revoke", "organiser", "Alice", "--db", db); err != nil || isOrganiser(t, db, id) {
		t.Errorf("revoked (%v), but still an organiser", err)
	}
	if _, _, err := run(t, "", "accounts", "grant", "organiser", "nobody", "--db", db); err == nil {
		t.Error("granting an unknown account: no error")
	}
}

func TestCodesImportCommand(t *testing.T) {
	db, _ := newStoreWithAccount(t)
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	r, err := codes.NewRun(codes.Printing{Game: "trick", Card: "Nine", Printing: "first"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var hashes bytes.Buffer
	r.WriteHashes(&hashes, pepper)
	path := filepath.Join(t.TempDir(), "hashes.csv")
	os.WriteFile(path, hashes.Bytes(), 0o600)
	for _, want := range []string{"3 hashes, 3 new", "3 hashes, 0 new"} {
		if out, _, err := run(t, "", "codes", "import", path, "--db", db); err != nil || !strings.Contains(out, want) {
			t.Errorf("import: %q %v, want %q", out, err, want)
		}
	}
	os.WriteFile(path, []byte("hash,game\n"), 0o600)
	if _, _, err := run(t, "", "codes", "import", path, "--db", db); err == nil || !strings.Contains(err.Error(), "hashes.csv") {
		t.Errorf("a malformed file: %v, want an error naming it", err)
	}
}

// lockedLog is a log the server writes while the test reads it.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedLog) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

func TestServeNeverLogsTheCodesPepper(t *testing.T) {
	pepperFile, _ := writePepper(t)
	for _, viaEnv := range []bool{false, true} {
		o := serveOptions{addr: "127.0.0.1:0", rate: 20, db: filepath.Join(t.TempDir(), "k.db"), codesPepperFile: pepperFile}
		t.Setenv(pepperEnv, "")
		if viaEnv {
			o.codesPepperFile = ""
			t.Setenv(pepperEnv, testPepperSecret)
		}
		var log lockedLog
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- runServe(ctx, o, &log) }()
		for !strings.Contains(log.String(), "serving") {
			select {
			case err := <-done:
				t.Fatalf("serve stopped: %v\n%s", err, log.String())
			case <-time.After(10 * time.Millisecond):
			}
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		logs := log.String()
		if !strings.Contains(logs, "enabled=true") {
			t.Errorf("the log does not say codes are enabled (env %v):\n%s", viaEnv, logs)
		}
		if strings.Contains(logs, strings.TrimSpace(testPepperSecret)) {
			t.Errorf("the pepper is in the log:\n%s", logs)
		}
	}
}
