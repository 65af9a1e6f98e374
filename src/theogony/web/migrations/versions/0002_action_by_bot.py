"""Mark each stored action as chosen by a bot or a person, so that the undo history (a person's
own decisions since the last bot decision, chance event or reveal) survives a restart.

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("by_bot", sa.Boolean, nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("by_bot")
