package server

import (
	"errors"
	"net/url"
	"regexp"
	"strings"
)

// dsnPassword finds the password of a key=value connection string.
var dsnPassword = regexp.MustCompile(`(?i)(password\s*=\s*)('[^']*'|\S+)`)

// RedactDSN returns a --db value fit for a log: a URL's password and a
// key=value string's password= are replaced by xxxxx.
func RedactDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			return u.Redacted()
		}
	}
	return dsnPassword.ReplaceAllString(dsn, "${1}xxxxx")
}

// dsnSecret is the password a --db value carries, if any.
func dsnSecret(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		if pw, has := u.User.Password(); has {
			return pw
		}
	}
	if m := dsnPassword.FindStringSubmatch(dsn); m != nil {
		return strings.Trim(m[2], "'")
	}
	return ""
}

// scrubError returns err with every copy of the DSN and its password
// replaced, so that a driver's error quoting its connection string cannot
// put the password in a log.
func scrubError(err error, dsn string) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	clean := strings.ReplaceAll(text, dsn, RedactDSN(dsn))
	if pw := dsnSecret(dsn); pw != "" {
		clean = strings.ReplaceAll(clean, pw, "xxxxx")
		clean = strings.ReplaceAll(clean, url.QueryEscape(pw), "xxxxx")
	}
	if clean == text {
		return err
	}
	return errors.New(clean)
}
