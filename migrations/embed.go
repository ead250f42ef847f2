// Package migrations holds TableStakes' goose SQL migrations, embedded into the binary.
package migrations

import "embed"

// FS is the set of goose migration files (NNNNN_name.sql), applied in version order.
//
//go:embed *.sql
var FS embed.FS
