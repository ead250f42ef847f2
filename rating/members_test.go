package rating

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMemberName(t *testing.T) {
	t.Parallel()
	tests := []struct{ username, kind, name string }{
		{"seventh-player:diplomacy", SeventhPlayer, "Seventh Player (missing man)"},
		{"supercat-normal:arcs", SupercatNormal, "SUPERCAT (normal) bot"},
		{"supercat-hard-2:arcs", "supercat-hard-2", "SUPERCAT (hard) bot 2"},
		{"chloe", "", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.kind, MemberKind(tt.username), tt.username)
		assert.Equal(t, tt.name, MemberName(tt.username), tt.username)
	}
	_, ok := MemberKindName("missing-man")
	assert.False(t, ok)
}
