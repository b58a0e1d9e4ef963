package i18n

import "embed"

//go:embed messages/*.yaml
var sharedFiles embed.FS

// Shared holds the words every game uses: seats, "you", hidden cards,
// lists. Game catalogues name it as their parent.
var Shared = MustLoad("shared words", sharedFiles, "messages", nil)
