/** Component styles of the auth pages, loaded with their chunk (see src/app/styles.ts). */
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
