"""One-time join links: each seat's unclaimed join code, stored as a SHA-256 hash like its token.
(Expired matches need no column: `matches.status` takes the value `expired`.)

Revision ID: 0003
Revises: 0002
"""
from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seat_tokens", sa.Column("join_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat_tokens") as batch:
        batch.drop_column("join_hash")
