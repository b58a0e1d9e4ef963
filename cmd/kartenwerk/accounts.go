package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"kartenwerk/platform/codes"
	"kartenwerk/server"
)

// roles are the roles `accounts grant` knows, each with what it lets an
// account do and how the store sets it.
var roles = map[string]struct {
	what string
	set  func(ctx context.Context, st server.Store, username string, grant bool) error
}{
	"publisher": {"imports print runs' code hashes (POST /api/codes/import or `codes import`) and reads the flags of codes registered twice",
		func(ctx context.Context, st server.Store, username string, grant bool) error {
			return st.(server.CodeStore).SetPublisher(ctx, username, grant)
		}},
	"organiser": {"creates tournaments, names their judges, starts rounds, corrects results and drops players",
		func(ctx context.Context, st server.Store, username string, grant bool) error {
			return st.(server.TournamentStore).SetOrganiser(ctx, username, grant)
		}},
}

func accountsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "accounts",
		Short: "Manage the roles of accounts in a server's store",
	}
	cmd.AddCommand(roleCmd("grant", true), roleCmd("revoke", false))
	return cmd
}

func roleCmd(verb string, grant bool) *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   verb + " publisher|organiser USERNAME --db DB",
		Short: map[bool]string{true: "Give an account a role", false: "Take a role from an account"}[grant],
		Long: "A publisher " + roles["publisher"].what + ".\n" +
			"An organiser " + roles["organiser"].what + ".",
		Args: argsBetween(2, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			role, ok := roles[args[0]]
			if !ok {
				return fmt.Errorf("unknown role %q: give publisher or organiser", args[0])
			}
			return withCodeStore(cmd.Context(), db, func(st server.CodeStore) error {
				if err := role.set(cmd.Context(), st.(server.Store), args[1], grant); err != nil {
					return fmt.Errorf("account %q: %w (usernames are as signed up, case aside)", args[1], err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: %s %s\n", args[1], args[0], map[bool]string{true: "granted", false: "revoked"}[grant])
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&db, "db", "kartenwerk.db", "the server's store: a SQLite file, or a postgres:// URL")
	return cmd
}

// withCodeStore opens the store a --db names and runs f on it.
func withCodeStore(ctx context.Context, db string, f func(server.CodeStore) error) error {
	store, err := server.OpenStore(ctx, db)
	if err != nil {
		return fmt.Errorf("--db %s: %w", server.RedactDSN(db), err)
	}
	defer store.Close()
	st, ok := store.(server.CodeStore)
	if !ok {
		return fmt.Errorf("--db %s: this store keeps no accounts", server.RedactDSN(db))
	}
	return f(st)
}

func codesImportCmd() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "import HASHES.CSV --db DB",
		Short: "Import a print run's hashes.csv into a server's store",
		Long: "Import the hashes.csv of `codes generate` into the server's store, so that the run's\n" +
			"codes can be registered. Hashes stored already keep who registered them; the file\n" +
			"holds no code. A publisher can upload it instead (POST /api/codes/import).",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCodesImport(cmd.Context(), cmd.OutOrStdout(), args[0], db)
		},
	}
	cmd.Flags().StringVar(&db, "db", "kartenwerk.db", "the server's store: a SQLite file, or a postgres:// URL")
	return cmd
}

func runCodesImport(ctx context.Context, out io.Writer, path, db string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	recs, err := codes.ReadHashes(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return withCodeStore(ctx, db, func(st server.CodeStore) error {
		added, err := st.ImportCodes(ctx, recs)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: %d hashes, %d new\n", path, len(recs), added)
		return nil
	})
}
