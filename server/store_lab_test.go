package server

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"kartenwerk/lab"
	"kartenwerk/sim"
)

// labStoreContract: a run is saved, replaced as it goes on, read back
// whole with its report, and listed by owner, newest first, without it.
func labStoreContract(t *testing.T, st Store) {
	ls, ok := st.(lab.Store)
	if !ok {
		t.Fatal("the store keeps no lab runs")
	}
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())
	older := lab.Run{ID: "r1", Owner: "anna", Status: lab.Done, Created: now.Add(-time.Minute),
		Spec: lab.Spec{Game: "mysticelements", Games: 10, Cards: "cards: []\n", Seed: 7}}
	newer := lab.Run{ID: "r2", Owner: "anna", Status: lab.Queued, Created: now, Spec: lab.Spec{Game: "athernum", Games: 5}}
	other := lab.Run{ID: "r3", Owner: "ben", Status: lab.Queued, Created: now}
	for _, r := range []lab.Run{older, newer, other} {
		if err := ls.SaveRun(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	older.Played, older.Report = 10, &sim.Report{Tally: sim.Tally{Game: "mysticelements", Games: 10}, FirstPlayer: sim.Wilson(6, 10)}
	if err := ls.SaveRun(ctx, older); err != nil {
		t.Fatal(err)
	}
	got, err := ls.LabRun(ctx, "r1")
	if err != nil || got.Owner != "anna" || got.Played != 10 || got.Report == nil || got.Report.FirstPlayer.Rate != 0.6 ||
		got.Spec.Cards != older.Spec.Cards || got.Spec.Seed != 7 {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if _, err := ls.LabRun(ctx, "nope"); !errors.Is(err, lab.ErrNoRun) {
		t.Fatalf("an unknown run: %v, want ErrNoRun", err)
	}
	list, err := ls.LabRuns(ctx, "anna", 10)
	if err != nil || len(list) != 2 || list[0].ID != "r2" || list[1].ID != "r1" || list[1].Report != nil {
		t.Fatalf("anna's runs: %+v, %v", list, err)
	}
}

func TestSQLiteLabStore(t *testing.T) {
	labStoreContract(t, openTestStore(t, filepath.Join(t.TempDir(), "s.db")))
}

func TestPostgresLabStore(t *testing.T) { labStoreContract(t, openTestStore(t, startPostgres(t))) }
