-- Season notices (issue 36): a season's sign-up opening, its start (your division and your
-- first games) and the movements at its end, each a kind a user may turn off.

-- +goose Up
ALTER TABLE notification_optouts DROP CONSTRAINT notification_optouts_kind_check;
ALTER TABLE notification_optouts ADD CONSTRAINT notification_optouts_kind_check CHECK (kind IN (
    'schedule_drawn', 'result_recorded', 'result_corrected', 'game_soon', 'league_finished',
    'result_proposed', 'result_disputed', 'season_open', 'season_started', 'season_finished'));

-- +goose Down
DELETE FROM notification_optouts WHERE kind IN ('season_open', 'season_started', 'season_finished');
ALTER TABLE notification_optouts DROP CONSTRAINT notification_optouts_kind_check;
ALTER TABLE notification_optouts ADD CONSTRAINT notification_optouts_kind_check CHECK (kind IN (
    'schedule_drawn', 'result_recorded', 'result_corrected', 'game_soon', 'league_finished',
    'result_proposed', 'result_disputed'));
