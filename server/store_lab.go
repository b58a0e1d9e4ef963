package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"kartenwerk/lab"
)

// The designer's workbench keeps each run as one row: its record as
// JSON, its report apart, and a summary (the record without card file
// and deck lists), so that listing a user's runs, which a page polls
// every few seconds, reads neither report nor cards.

const labRunsSchema = `
CREATE TABLE lab_runs (
	id      TEXT PRIMARY KEY,
	owner   TEXT NOT NULL,
	created BIGINT NOT NULL,
	data    TEXT NOT NULL,
	report  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX lab_runs_by_owner ON lab_runs (owner, created);`

// migrateLabRuns adds the workbench's runs.
func migrateLabRuns(ctx context.Context, tx *sql.Tx, postgres bool) error {
	return execAll(ctx, tx, labRunsSchema)
}

// migrateLabSummaries adds each run's summary. Rows stored before it
// have none, and are listed from their whole record (listedRun) until
// they are saved again or pruned.
func migrateLabSummaries(ctx context.Context, tx *sql.Tx, postgres bool) error {
	return addColumn(ctx, tx, postgres, "lab_runs", "summary TEXT NOT NULL DEFAULT ''")
}

// listedRun is the column a list of runs reads.
const listedRun = `CASE WHEN summary <> '' THEN summary ELSE data END`

// SaveRun implements lab.Store.
func (s *sqlStore) SaveRun(ctx context.Context, r lab.Run) error {
	return s.saveRun(ctx, r, "")
}

// errRunEnded is a conditional save that found the stored run ended.
var errRunEnded = errors.New("the stored run has ended")

// SaveUnlessEnded implements lab.Store: the record replaces a stored one
// only while that one is waiting or playing.
func (s *sqlStore) SaveUnlessEnded(ctx context.Context, r lab.Run) (bool, error) {
	status := `json_extract(lab_runs.data, '$.status')`
	if s.postgres {
		status = `(lab_runs.data::json->>'status')`
	}
	err := s.saveRun(ctx, r, ` WHERE `+status+` IN ('`+lab.Queued+`', '`+lab.Running+`')`)
	if errors.Is(err, errRunEnded) {
		return false, nil
	}
	return err == nil, err
}

// saveRun inserts or replaces a run's row; where, if given, is the
// condition on the stored row for replacing it (else errRunEnded).
func (s *sqlStore) saveRun(ctx context.Context, r lab.Run, where string) error {
	report := ""
	if r.Report != nil {
		data, err := json.Marshal(r.Report)
		if err != nil {
			return err
		}
		report = string(data)
	}
	r.Report = nil
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	summary, err := json.Marshal(r.Listed())
	if err != nil {
		return err
	}
	op := writeOp{what: "save lab run " + r.ID,
		query: `INSERT INTO lab_runs (id, owner, created, data, report, summary) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET data = excluded.data, report = excluded.report, summary = excluded.summary` + where,
		args: []any{r.ID, r.Owner, r.Created.UnixMilli(), string(data), report, string(summary)}}
	if where != "" {
		op.mustAffect = errRunEnded
	}
	return s.write(ctx, op)
}

// LabRun implements lab.Store.
func (s *sqlStore) LabRun(ctx context.Context, id string) (lab.Run, error) {
	var owner, data, report string
	err := s.read.QueryRowContext(ctx, s.q(`SELECT owner, data, report FROM lab_runs WHERE id = ?`), id).Scan(&owner, &data, &report)
	if errors.Is(err, sql.ErrNoRows) {
		return lab.Run{}, lab.ErrNoRun
	}
	if err != nil {
		return lab.Run{}, err
	}
	r, err := decodeLabRun(owner, data)
	if err == nil && report != "" {
		err = json.Unmarshal([]byte(report), &r.Report)
	}
	return r, err
}

// LabRuns implements lab.Store.
func (s *sqlStore) LabRuns(ctx context.Context, owner string, limit int) ([]lab.Run, error) {
	return queryAll(ctx, s.read, s.q(`SELECT owner, `+listedRun+` FROM lab_runs WHERE owner = ? ORDER BY created DESC, id LIMIT ?`),
		scanLabRun, owner, limit)
}

// scanLabRun reads a row of owner and record as a list shows it.
func scanLabRun(row scanner) (lab.Run, error) {
	var who, data string
	if err := row.Scan(&who, &data); err != nil {
		return lab.Run{}, err
	}
	r, err := decodeLabRun(who, data)
	return r.Listed(), err
}

func decodeLabRun(owner, data string) (lab.Run, error) {
	var r lab.Run
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		return r, fmt.Errorf("lab run: stored record: %w", err)
	}
	r.Owner = owner
	return r, nil
}

// LabRunsBefore implements lab.Pruner.
func (s *sqlStore) LabRunsBefore(ctx context.Context, t time.Time, limit int) ([]lab.Run, error) {
	return queryAll(ctx, s.read, s.q(`SELECT owner, `+listedRun+` FROM lab_runs WHERE created < ? ORDER BY created, id LIMIT ?`),
		scanLabRun, t.UnixMilli(), limit)
}

// CrowdedOwners implements lab.Pruner.
func (s *sqlStore) CrowdedOwners(ctx context.Context, keep int) ([]string, error) {
	return queryAll(ctx, s.read, s.q(`SELECT owner FROM lab_runs GROUP BY owner HAVING count(*) > ?`),
		func(row scanner) (string, error) {
			var owner string
			err := row.Scan(&owner)
			return owner, err
		}, keep)
}

// deleteChunk bounds the ids of one DELETE statement.
const deleteChunk = 200

// DeleteRuns implements lab.Pruner: all of them in one transaction.
func (s *sqlStore) DeleteRuns(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	var stmts []stmt
	for chunk := range slices.Chunk(ids, deleteChunk) {
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		query := `DELETE FROM lab_runs WHERE id IN (?` + strings.Repeat(", ?", len(chunk)-1) + `)`
		stmts = append(stmts, stmt{query: query, args: args})
	}
	op := writeOp{what: fmt.Sprintf("delete %d lab runs", len(ids)), query: stmts[0].query, args: stmts[0].args}
	for _, st := range stmts[1:] {
		op.also = append(op.also, stmt{query: s.q(st.query), args: st.args})
	}
	return s.write(ctx, op)
}
