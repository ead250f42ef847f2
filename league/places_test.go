package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMayChange(t *testing.T) {
	const fixed = "league: running, so its places are fixed; ask the organiser (olga) to replace the player with a substitute"
	for _, tc := range []struct {
		name   string
		status string
		change Change
		err    string
	}{
		{"leave an open league", Open, Leave, ""},
		{"remove from an open league", Open, Remove, ""},
		{"replace in a running league", Running, Replace, ""},
		{"withdraw from a running league", Running, Withdraw, ""},
		{"leave a running league", Running, Leave, fixed},
		{"remove from a running league", Running, Remove, fixed},
		{"replace in an open league", Open, Replace,
			"league: open; nobody needs a substitute before the schedule exists: remove the member and let another join"},
		{"withdraw from an open league", Open, Withdraw,
			"league: open; nobody needs to withdraw before the schedule exists: remove the member, which frees the place"},
		{"leave a finished league", Finished, Leave, "league: finished; its players can no longer change"},
		{"replace in a closed league", Closed, Replace, "league: closed; its players can no longer change"},
		{"withdraw from an archived league", Archived, Withdraw, "league: archived; its players can no longer change"},
		{"remove from a cancelled league", Cancelled, Remove, "league: cancelled; its players can no longer change"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := MayChange(tc.status, tc.change, "olga")
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
			assert.ErrorIs(t, err, ErrConflict)
		})
	}
}

func TestMayReplace(t *testing.T) {
	ann := Standing{Name: "ann", Member: true}
	zed := Standing{Name: "zed"}
	for _, tc := range []struct {
		name string
		in   Replacing
		err  string
	}{
		{"a newcomer takes a member's place", Replacing{From: ann, To: zed}, ""},
		{"from: not a member", Replacing{From: Standing{Name: "bob"}, To: zed}, "from: bob is not a member of this league"},
		{"from: withdrawn", Replacing{From: Standing{Name: "bob", Withdrawn: true}, To: zed},
			"from: bob has withdrawn; their games were reshaped and their place cannot be filled"},
		{"from: replaced before", Replacing{From: Standing{Name: "bob", Replaced: true}, To: zed}, "from: bob is not a member of this league"},
		{"to: the same player", Replacing{From: ann, To: ann, Same: true}, "to: must be someone other than ann"},
		{"to: a member", Replacing{From: ann, To: Standing{Name: "cat", Member: true}}, "to: cat already plays in this league"},
		{"to: replaced before", Replacing{From: ann, To: Standing{Name: "dan", Replaced: true}},
			"to: dan was replaced in this league and cannot come back"},
		{"to: withdrawn", Replacing{From: ann, To: Standing{Name: "eve", Withdrawn: true}},
			"to: eve withdrew from this league and cannot come back"},
		{"to: withdrawn is named before the same player", Replacing{From: ann, To: Standing{Name: "ann", Withdrawn: true}, Same: true},
			"to: ann withdrew from this league and cannot come back"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := MayReplace(tc.in)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
		})
	}
}

func TestReplaced(t *testing.T) {
	assert.Equal(t, "zed replaced ann for the 3 games still to play", Replaced("ann", "zed", 3))
	assert.Equal(t, "zed replaced ann for the 1 game still to play", Replaced("ann", "zed", 1))
	assert.Equal(t, "zed replaced ann for the 0 games still to play", Replaced("ann", "zed", 0))
}

func TestMayWithdraw(t *testing.T) {
	for _, tc := range []struct {
		name    string
		player  Standing
		members int
		err     string
	}{
		{"a member of eight", Standing{Name: "ann", Member: true}, 8, ""},
		{"a member of three leaves two", Standing{Name: "ann", Member: true}, 3, ""},
		{"a member of two", Standing{Name: "ann", Member: true}, 2, "league: only 2 players are left; close the league instead"},
		{"not a member", Standing{Name: "bob"}, 8, "username: bob is not a member of this league"},
		{"withdrawn", Standing{Name: "cat", Withdrawn: true}, 7, "username: cat has already withdrawn from this league"},
		{"replaced", Standing{Name: "dan", Replaced: true}, 8,
			"username: dan was replaced by a substitute and no longer plays in this league"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := MayWithdraw(tc.player, tc.members)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
		})
	}
}

func TestRequire(t *testing.T) {
	for _, tc := range []struct {
		have, need Role
		want       error
	}{
		{RoleOrganiser, RoleOrganiser, nil},
		{RoleCoOrganiser, RoleOrganiser, ErrNotLeagueOrganiser},
		{RoleMember, RoleOrganiser, ErrNotLeagueOrganiser},
		{RoleCoOrganiser, RoleCoOrganiser, nil},
		{RoleOrganiser, RoleCoOrganiser, nil},
		{RoleMember, RoleCoOrganiser, ErrNotManager},
		{RoleNone, RoleCoOrganiser, ErrNotManager},
		{RoleNone, RoleNone, nil},
		{RoleNone, RoleMember, ErrNotManager},
	} {
		assert.Equal(t, tc.want, Require(tc.have, tc.need), "role %d needing %d", tc.have, tc.need)
	}
}

func TestRoleOf(t *testing.T) {
	for _, tc := range []struct {
		organiser, coOrganiser, member bool
		want                           Role
	}{
		{true, false, false, RoleOrganiser},
		{true, false, true, RoleOrganiser},
		{false, true, false, RoleCoOrganiser},
		{false, true, true, RoleCoOrganiser},
		{false, false, true, RoleMember},
		{false, false, false, RoleNone},
	} {
		assert.Equal(t, tc.want, RoleOf(tc.organiser, tc.coOrganiser, tc.member), "%+v", tc)
	}
}
