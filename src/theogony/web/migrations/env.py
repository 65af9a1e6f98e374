"""Alembic environment for the web server's database. Run by `theogony.web.storage.migrate` (never by
hand): the caller passes an open connection in `config.attributes["connection"]`."""

from alembic import context

from theogony.web.storage import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when someone runs `alembic` by hand
    from sqlalchemy import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()
