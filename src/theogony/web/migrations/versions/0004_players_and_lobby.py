"""Players and lobby: each seat's chosen name (a JSON list, null for none), whether the creator
listed the match as open (its unclaimed human seats may be joined from the lobby), and the match
started as its rematch.

Revision ID: 0004
Revises: 0003
"""
from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("names", sa.Text, nullable=True))
    op.add_column("matches", sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("matches", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rematch")
        batch.drop_column("open")
        batch.drop_column("names")
