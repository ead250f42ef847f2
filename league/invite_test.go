package league_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
)

func TestAdmit(t *testing.T) {
	const current = "current-token"
	tests := []struct {
		name string
		inv  league.Invitation
		want error
	}{
		{name: "a public league takes anyone", inv: league.Invitation{Presented: "whatever"}},
		{name: "a public league takes no token", inv: league.Invitation{}},
		{name: "a private league takes its current token", inv: league.Invitation{Private: true, Current: current, Presented: current}},
		{name: "the organiser needs none", inv: league.Invitation{Private: true, Current: current, Role: league.RoleOrganiser}},
		{name: "a co-organiser needs none", inv: league.Invitation{Private: true, Current: current, Role: league.RoleCoOrganiser, Presented: "old"}},
		{name: "no token: not shown", inv: league.Invitation{Private: true, Current: current}, want: league.ErrNotFound},
		{name: "no token, even for a former member", inv: league.Invitation{Private: true, Current: current, Visible: true}, want: league.ErrNotFound},
		{name: "a wrong token: not shown", inv: league.Invitation{Private: true, Current: current, Presented: "guess"}, want: league.ErrNotFound},
		{name: "an old token to a former member: the link is old", inv: league.Invitation{Private: true, Current: current, Presented: "old", Visible: true}, want: league.ErrInviteInvalid},
		{name: "a member's old token: the link is old", inv: league.Invitation{Private: true, Current: current, Presented: "old", Role: league.RoleMember, Visible: true}, want: league.ErrInviteInvalid},
		{name: "a private league with no token yet matches nothing", inv: league.Invitation{Private: true, Presented: ""}, want: league.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.Admit(tt.inv))
		})
	}
}

func TestSameToken(t *testing.T) {
	assert.True(t, league.SameToken("abc", "abc"))
	assert.False(t, league.SameToken("abc", "abd"))
	assert.False(t, league.SameToken("", ""), "a public league's empty token matches nothing")
}
