package server

import (
	"errors"
	"testing"
)

func TestPHCStringsChecked(t *testing.T) {
	weak := argonParams{memory: 1024, time: 1, threads: 1, keyLen: 16, saltLen: 8}
	phc := hashPassword(alicePassword, weak)
	if ok, weaker, err := checkPassword(alicePassword, phc, passwordParams); !ok || !weaker || err != nil {
		t.Errorf("the right password under weak parameters: ok %v weaker %v %v, want ok and weaker", ok, weaker, err)
	}
	if ok, _, err := checkPassword(alicePassword+" ", phc, passwordParams); ok || err != nil {
		t.Errorf("a wrong password: ok %v %v", ok, err)
	}
	if ok, weaker, _ := checkPassword(alicePassword, hashPassword(alicePassword, passwordParams), passwordParams); !ok || weaker {
		t.Errorf("today's parameters: ok %v weaker %v, want ok and not weaker", ok, weaker)
	}
	for _, bad := range []string{
		"", alicePassword, "$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5",
		"$argon2id$v=16$m=1024,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=1024,t=0,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$",
		"$argon2id$v=19$m=1024,t=1,p=1$not base64!$a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$t=1,m=1024,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5",
	} {
		if _, _, err := checkPassword(alicePassword, bad, passwordParams); !errors.Is(err, errBadHash) {
			t.Errorf("stored hash %q: %v, want errBadHash", bad, err)
		}
	}
}

func TestLoginWaitDoubles(t *testing.T) {
	want := map[int]string{0: "0s", 4: "0s", 5: "2s", 6: "4s", 7: "8s", 14: "15m0s", 100: "15m0s"}
	for n, w := range want {
		if got := loginWait(n, pairFailuresFree).String(); got != w {
			t.Errorf("after %d failures the wait is %s, want %s", n, got, w)
		}
	}
}

// BenchmarkHashPassword measures one login's hash at today's parameters,
// the figure to weigh when raising them.
func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		hashPassword(alicePassword, passwordParams)
	}
}
