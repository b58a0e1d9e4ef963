package server

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"kartenwerk/engine/i18n"
	"kartenwerk/platform/codes"
)

// Registration attempts: failures (unknown codes, codes another account
// holds) are counted in the store per account and per address, as failed
// logins are; past the free ones each failure doubles the wait.
const (
	codeUserFailuresFree = 10
	codeAddrFailuresFree = 30
	// maxImport caps an imported hashes file: a full run of codes.MaxRun
	// rows, at about 65 bytes of hash and up to 250 of names each.
	maxImport = 32 << 20
	// flagsShown is how many flags GET /api/codes/flags returns.
	flagsShown = 500
)

// CodeEntry is the body of POST /api/codes/register: a code as typed, or
// a scanned QR payload.
type CodeEntry struct {
	Code string `json:"code"`
}

// Registration is the answer to a registration: the card and whether it
// was registered now or held already.
type Registration struct {
	Card CardPrinting `json:"card"`
	// Status is "registered" or "already_yours".
	Status  string `json:"status"`
	Message string `json:"message"`
}

func (srv *Server) codeRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/codes/import", srv.withCodes(srv.handleImport))
	m.HandleFunc("GET /api/codes/flags", srv.withCodes(srv.handleFlags))
	m.HandleFunc("POST /api/codes/register", srv.withCodes(srv.handleRegister))
}

// withCodes answers 501 on a store that keeps no accounts.
func (srv *Server) withCodes(h http.HandlerFunc) http.HandlerFunc {
	return srv.withAccounts(func(w http.ResponseWriter, r *http.Request) {
		if srv.codes == nil {
			writeRefusal(w, refuse(http.StatusNotImplemented, "no_code_store"))
			return
		}
		h(w, r)
	})
}

// mustPublish returns the request's session if it is a publisher's, or
// answers 401 or 403 and false.
func (srv *Server) mustPublish(w http.ResponseWriter, r *http.Request) (AccountSession, bool) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return ss, false
	}
	publisher, err := srv.codes.IsPublisher(r.Context(), ss.Owner)
	if err != nil {
		srv.httpError(w, err)
		return ss, false
	}
	if !publisher {
		writeRefusal(w, refuse(http.StatusForbidden, "publishers_only"))
		return ss, false
	}
	return ss, true
}

func (srv *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	ss, ok := srv.mustPublish(w, r)
	if !ok {
		return
	}
	recs, err := codes.ReadHashes(http.MaxBytesReader(w, r.Body, maxImport))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		srv.httpError(w, badInput("hashes file larger than %d bytes: split the run into smaller files", maxImport))
		return
	}
	if err != nil {
		srv.httpError(w, badInput("%v", err))
		return
	}
	added, err := srv.codes.ImportCodes(r.Context(), recs)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.log.Info("code hashes imported", "username", ss.Username, "rows", len(recs), "added", added)
	writeJSON(w, http.StatusOK, map[string]int{"rows": len(recs), "added": added})
}

func (srv *Server) handleFlags(w http.ResponseWriter, r *http.Request) {
	if _, ok := srv.mustPublish(w, r); !ok {
		return
	}
	flags, err := srv.codes.CodeFlags(r.Context(), flagsShown)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if flags == nil {
		flags = []CodeFlag{}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string][]CodeFlag{"flags": flags})
}

func (srv *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	code, ok := srv.readCode(w, r, refuse(http.StatusNotImplemented, "no_code_registration"))
	if !ok {
		return
	}
	done, ok := srv.acct.checking("code:" + ss.Owner)
	if !ok {
		tooMany(w, time.Second, refuse(http.StatusTooManyRequests, "code_in_progress"))
		return
	}
	defer done()
	keys := srv.codeKeys(ss.Owner, clientUnit(r))
	wait, err := srv.acct.throttled(r.Context(), keys)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if wait > 0 {
		tooMany(w, wait, refuse(http.StatusTooManyRequests, "failed_codes", "n", waitSeconds(wait)))
		return
	}
	srv.register(w, r, ss, keys, srv.cfg.CodesPepper.Hash(code).String())
}

// readCode reads the code of a request's CodeEntry, typed or a scanned
// payload, answering 501 (with unsupported) on a server without the
// pepper and 400 for a malformed code.
func (srv *Server) readCode(w http.ResponseWriter, r *http.Request, unsupported *refusal) (codes.Code, bool) {
	if srv.cfg.CodesPepper == nil {
		writeRefusal(w, unsupported)
		return codes.Code{}, false
	}
	var req CodeEntry
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return codes.Code{}, false
	}
	code, err := codes.FromPayload(req.Code)
	if err != nil {
		writeRefusal(w, notACode(err))
		return codes.Code{}, false
	}
	return code, true
}

// codeKeys are the failure counters of registrations: per account and per
// address unit (clientUnit, hashed as the login counters are).
func (srv *Server) codeKeys(owner, unit string) []throttleKey {
	return []throttleKey{{"code-user:" + owner, codeUserFailuresFree}, {"code-addr:" + srv.creatorKey(unit), codeAddrFailuresFree}}
}

// register claims the code with this hash for the session's account, and
// answers in a player's words.
func (srv *Server) register(w http.ResponseWriter, r *http.Request, ss AccountSession, keys []throttleKey, hash string) {
	ctx, now := r.Context(), srv.acct.now()
	err := srv.codes.ClaimCode(ctx, hash, ss.Owner, now)
	if err != nil && !errors.Is(err, ErrCodeClaimed) {
		srv.httpError(w, err)
		return
	}
	c, lookErr := srv.codes.CodeByHash(ctx, hash)
	switch {
	case errors.Is(lookErr, ErrNoCode):
		srv.refuseCode(w, r, keys, refuse(http.StatusNotFound, "code_unknown"))
	case lookErr != nil:
		srv.httpError(w, lookErr)
	case err == nil:
		srv.log.Info("card registered", "username", ss.Username, "game", c.Printing.Game, "card", c.Printing.Card)
		writeJSON(w, http.StatusCreated, Registration{Card: c.Printing, Status: "registered",
			Message: words.T(langOf(r), "codes.registered", "card", c.Printing.Card, "printing", printingIn(langOf(r), c.Printing.Printing))})
	case c.Owner == ss.Owner:
		writeJSON(w, http.StatusOK, Registration{Card: c.Printing, Status: "already_yours",
			Message: words.T(langOf(r), "codes.already_yours", "card", c.Printing.Card)})
	default:
		if err := srv.codes.FlagCode(ctx, hash, ss.Owner, now); err != nil {
			srv.httpError(w, err)
			return
		}
		srv.log.Warn("a registered code was tried by another account", "username", ss.Username, "game", c.Printing.Game, "card", c.Printing.Card)
		srv.refuseCode(w, r, keys, refuse(http.StatusConflict, "code_taken"))
	}
}

// refuseCode counts a failed registration and answers it.
func (srv *Server) refuseCode(w http.ResponseWriter, r *http.Request, keys []throttleKey, why *refusal) {
	if err := srv.acct.failed(r.Context(), keys); err != nil {
		srv.httpError(w, err)
		return
	}
	writeRefusal(w, why)
}

// notACode says why a typed code is not one, in the player's words:
// which character is wrong, or how many are missing or too many.
func notACode(err error) *refusal {
	pe, ok := errors.AsType[*codes.ParseError](err)
	if !ok {
		return refuse(http.StatusBadRequest, "code_malformed")
	}
	switch {
	case errors.Is(pe.Err, codes.ErrEmpty):
		return refuse(http.StatusBadRequest, "code_empty")
	case errors.Is(pe.Err, codes.ErrCharacter):
		return refuse(http.StatusBadRequest, "code_character", "at", pe.At, "character", string(pe.Char))
	case errors.Is(pe.Err, codes.ErrLength):
		return refuse(http.StatusBadRequest, "code_length", "n", pe.Count, "want", codes.Length)
	}
	return refuse(http.StatusBadRequest, "code_check")
}

// printingIn names a printing in language l as the collection page does
// (collection.printing_first: "First edition", "Erstauflage"), or as the
// print run names it where the pages have no word for it.
func printingIn(l i18n.Lang, id string) string {
	if key := "collection.printing_" + strings.ToLower(id); pageWords.Has(key) {
		return pageWords.T(l, key)
	}
	return id
}
