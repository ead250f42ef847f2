-- +goose Up
-- Game versions (CONTRACT section 9; league-scoring-system.txt: "When you create a league,
-- you can select ... the type of game and the version of that game you want to use in the
-- league"). A league and a normal game play one version of their game, a slug of the
-- registry's versions (league.Game.Versions: arcs base, lost-vaults, blighted-reach; vortex
-- d6, d12; every other game standard); the app checks it against the registry. The free
-- text a league held as its "version" ("2nd edition") moves to "edition", a note with no
-- rule effect that leagues and normal games keep.

-- The default version of each game: the first of league.Game.Versions (a store test holds
-- the two together). A row stored without a version plays its game's default.
-- +goose StatementBegin
CREATE FUNCTION game_default_version(game text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE game WHEN 'arcs' THEN 'base' WHEN 'vortex' THEN 'd6' ELSE 'standard' END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION default_game_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'leagues' THEN
        NEW.version := COALESCE(NEW.version, game_default_version(NEW.game));
    ELSIF NEW.league_id IS NULL THEN
        NEW.version := COALESCE(NEW.version, game_default_version(NEW.game));
        NEW.edition := COALESCE(NEW.edition, '');
    END IF;
    RETURN NEW;
END
$$;
-- +goose StatementEnd

ALTER TABLE leagues RENAME COLUMN version TO edition;
ALTER TABLE leagues RENAME CONSTRAINT leagues_version_check TO leagues_edition_check;
ALTER TABLE leagues ADD COLUMN version text;
-- Every existing league plays its game's default version.
UPDATE leagues SET version = game_default_version(game);
ALTER TABLE leagues
    ALTER COLUMN version SET NOT NULL,
    ADD CONSTRAINT leagues_version_check CHECK (version ~ '^[a-z0-9][a-z0-9-]*$');
CREATE TRIGGER leagues_default_version BEFORE INSERT ON leagues
    FOR EACH ROW EXECUTE FUNCTION default_game_version();

-- A normal game keeps its version and edition; a league game plays its league's (NULL here).
ALTER TABLE games
    ADD COLUMN version text CONSTRAINT games_version_slug_check CHECK (version ~ '^[a-z0-9][a-z0-9-]*$'),
    ADD COLUMN edition text CONSTRAINT games_edition_check CHECK (char_length(edition) <= 80);
UPDATE games SET version = game_default_version(game), edition = '' WHERE league_id IS NULL;
ALTER TABLE games ADD CONSTRAINT games_normal_version_check CHECK (
    CASE WHEN league_id IS NULL THEN version IS NOT NULL AND edition IS NOT NULL
         ELSE version IS NULL AND edition IS NULL END);
CREATE TRIGGER games_default_version BEFORE INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION default_game_version();

-- +goose Down
DROP TRIGGER games_default_version ON games;
DROP TRIGGER leagues_default_version ON leagues;
ALTER TABLE games DROP CONSTRAINT games_normal_version_check, DROP COLUMN edition, DROP COLUMN version;
ALTER TABLE leagues DROP CONSTRAINT leagues_version_check, DROP COLUMN version;
ALTER TABLE leagues RENAME CONSTRAINT leagues_edition_check TO leagues_version_check;
ALTER TABLE leagues RENAME COLUMN edition TO version;
DROP FUNCTION default_game_version();
DROP FUNCTION game_default_version(text);
