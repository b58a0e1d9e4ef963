package engine

import "strings"

// ContainsWord reports whether w occurs in text between non-letters, so
// that a card named "One" is not found in "zone" or "someone". Messages
// and checks that look for card names in free text use it.
func ContainsWord(text, w string) bool {
	for i := 0; w != "" && i+len(w) <= len(text); {
		k := strings.Index(text[i:], w)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(w)
		if (start == 0 || !isWordByte(text[start-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = start + 1
	}
	return false
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// IndexFold is the index of the first name in names equal to word without
// regard to case, or -1: card files and commands may write "Feuer" as
// "feuer" or "FEUER".
func IndexFold(names []string, word string) int {
	for i, n := range names {
		if strings.EqualFold(n, word) {
			return i
		}
	}
	return -1
}
