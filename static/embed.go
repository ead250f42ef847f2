// Package static holds TableStakes' hand-written assets (the stylesheet), embedded into the
// binary and served under /static/.
package static

import "embed"

// FS holds the static assets, served under /static/ by the web package.
//
//go:embed *.css *.svg
var FS embed.FS
