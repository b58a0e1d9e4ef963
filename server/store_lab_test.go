package server

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"kartenwerk/engine"
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
	// A waiting run's record is replaced; an ended one's is kept, so that
	// a server still playing a run cancelled elsewhere learns of it.
	newer.Played = 3
	if stored, err := ls.SaveUnlessEnded(ctx, newer); err != nil || !stored {
		t.Fatalf("a waiting run's heartbeat: stored %v, %v", stored, err)
	}
	beat := older
	beat.Status, beat.Played = lab.Running, 11
	if stored, err := ls.SaveUnlessEnded(ctx, beat); err != nil || stored {
		t.Fatalf("a heartbeat over a finished run: stored %v, %v", stored, err)
	}
	if got, _ := ls.LabRun(ctx, "r1"); got.Status != lab.Done || got.Played != 10 {
		t.Fatalf("the finished run became %s with %d games", got.Status, got.Played)
	}
	fresh := lab.Run{ID: "r9", Owner: "anna", Status: lab.Queued, Created: now}
	if stored, err := ls.SaveUnlessEnded(ctx, fresh); err != nil || !stored {
		t.Fatalf("a new run: stored %v, %v", stored, err)
	}
	_ = ls.(lab.Pruner).DeleteRuns(ctx, []string{"r9"})
}

// labListContract: a list of runs reads each run's summary, never its
// record with card file and deck lists, which a page polling the list
// would otherwise read again every few seconds; a row stored before
// summaries were kept is listed from its record, stripped the same way.
func labListContract(t *testing.T, st Store) {
	ls, sqls := st.(lab.Store), st.(*sqlStore)
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())
	edited := lab.Run{ID: "l1", Owner: "cleo", Status: lab.Done, Created: now.Add(-time.Minute),
		Spec: lab.Spec{Game: "athernum", Games: 10, CardFile: "mine.yaml", Cards: "cards: []\n", Lists: []string{"3 Ork\n"}}}
	legacy := lab.Run{ID: "l2", Owner: "cleo", Status: lab.Done, Created: now,
		Spec: lab.Spec{Game: "athernum", Games: 10, Cards: "cards: []\n"}}
	for _, r := range []lab.Run{edited, legacy} {
		if err := ls.SaveRun(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	for _, op := range []writeOp{
		{what: "spoil a record", query: sqls.q(`UPDATE lab_runs SET data = 'not a record' WHERE id = 'l1'`)},
		{what: "forget a summary", query: sqls.q(`UPDATE lab_runs SET summary = '' WHERE id = 'l2'`)},
	} {
		if err := sqls.write(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	list, err := ls.LabRuns(ctx, "cleo", 10)
	if err != nil || len(list) != 2 {
		t.Fatalf("cleo's runs: %+v, %v", list, err)
	}
	for _, r := range list {
		if r.Spec.Cards != "" || r.Spec.Lists != nil || !r.Spec.Edited || r.Spec.Game != "athernum" {
			t.Errorf("run %s is listed with spec %+v", r.ID, r.Spec)
		}
	}
	if list[1].Spec.CardFile != "mine.yaml" {
		t.Errorf("the listed run lost its card file's name: %+v", list[1].Spec)
	}
	_ = ls.(lab.Pruner).DeleteRuns(ctx, []string{"l1", "l2"})
}

func TestSQLiteLabStore(t *testing.T) {
	st := openTestStore(t, filepath.Join(t.TempDir(), "s.db"))
	labStoreContract(t, st)
	labListContract(t, st)
	labPruneContract(t, st)
}

func TestPostgresLabStore(t *testing.T) {
	st := openTestStore(t, startPostgres(t))
	labStoreContract(t, st)
	labListContract(t, st)
	labPruneContract(t, st)
}

// labPruneContract: the workbench prunes through the store finished runs
// older than it keeps them and an owner's oldest finished runs beyond
// the cap, and never a waiting or playing one, however old.
func labPruneContract(t *testing.T, st Store) {
	ls := st.(lab.Store)
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())
	day := 24 * time.Hour
	ended := func(id, owner string, age time.Duration) lab.Run {
		at := now.Add(-age)
		return lab.Run{ID: id, Owner: owner, Status: lab.Done, Created: at.Add(-time.Minute), Finished: at, Updated: at}
	}
	playing := func(id, owner string, age time.Duration) lab.Run {
		return lab.Run{ID: id, Owner: owner, Status: lab.Running, Created: now.Add(-age), Updated: now}
	}
	runs := []lab.Run{
		ended("old", "cleo", 40*day), ended("recent", "cleo", day), playing("long-playing", "cleo", 40*day),
		ended("d1", "dora", 5*day), playing("d2", "dora", 4*day), ended("d3", "dora", 3*day), ended("d4", "dora", 2*day), ended("d5", "dora", day),
	}
	for _, r := range runs {
		if err := ls.SaveRun(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	before, err := st.(lab.Pruner).LabRunsBefore(ctx, now.Add(-30*day), 10)
	if err != nil || len(before) != 2 || before[0].ID != "old" || before[1].ID != "long-playing" {
		t.Fatalf("runs created 30 days ago: %+v, %v", before, err)
	}
	crowded, err := st.(lab.Pruner).CrowdedOwners(ctx, 3)
	if err != nil || len(crowded) != 1 || crowded[0] != "dora" {
		t.Fatalf("owners with more than 3 runs: %v, %v", crowded, err)
	}
	g, _ := engine.Lookup("microlife")
	l, err := lab.New(lab.Config{Games: []engine.Game{g}, Store: ls,
		Who:    func(http.ResponseWriter, *http.Request) (string, string) { return "", "" },
		Limits: lab.Limits{KeepFor: 30 * day, KeepPerUser: 3}})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.Prune(ctx); err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		id   string
		kept bool
	}{{"old", false}, {"recent", true}, {"long-playing", true}, {"d1", false}, {"d2", true}, {"d3", false}, {"d4", true}, {"d5", true}} {
		_, err := ls.LabRun(ctx, want.id)
		if kept := err == nil; kept != want.kept {
			t.Errorf("run %s: kept %v, want %v (%v)", want.id, kept, want.kept, err)
		}
	}
}
