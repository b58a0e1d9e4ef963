package server

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// startPostgres starts a PostgreSQL server from Debian's packages in a
// temporary directory on a loopback port, for this test alone, and
// returns its URL. Without PostgreSQL the test fails in CI (CI=true) and
// is skipped elsewhere.
func startPostgres(t *testing.T) string {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("PostgreSQL is not installed: .ci/run installs postgresql-15 (apt-get install postgresql-15)")
		}
		t.Skip("PostgreSQL is not installed (apt-get install postgresql-15)")
	}
	bin := filepath.Dir(bins[len(bins)-1])
	dir, err := os.MkdirTemp("", "kartenwerk-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	cred := pgCredential(t, dir)
	port := freePort(t)
	data := filepath.Join(dir, "data")
	run := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, name), args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
	}
	run("initdb", "-D", data, "-U", "kw", "--auth=trust", "--no-sync", "-E", "UTF8")
	run("pg_ctl", "start", "-w", "-D", data, "-l", filepath.Join(dir, "log"),
		"-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", port, dir))
	t.Cleanup(func() {
		cmd := exec.Command(filepath.Join(bin, "pg_ctl"), "stop", "-D", data, "-m", "immediate")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		cmd.Run()
	})
	return fmt.Sprintf("postgres://kw@127.0.0.1:%d/postgres?sslmode=disable", port)
}

// pgCredential is whom PostgreSQL runs as: initdb refuses root, so as
// root it is the postgres user, who is given dir.
func pgCredential(t *testing.T, dir string) *syscall.Credential {
	t.Helper()
	if os.Geteuid() != 0 {
		return nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		t.Fatalf("running as root, PostgreSQL needs the postgres user: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Fatal(err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
