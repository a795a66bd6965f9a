"""The screens of the client, one arcade.View each."""
